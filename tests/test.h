/* A small test framework: TEST(name) defines a test that registers itself;
 * CHECK-style macros record failures with file and line and keep going. */
#ifndef TRICKWOOD_TEST_H
#define TRICKWOOD_TEST_H

#include <stdio.h>
#include <string.h>

typedef void (*tw_test_fn)(void);

/* Registers a test; called from constructors made by TEST(). */
void tw_test_register(const char *name, tw_test_fn fn);
/* Records a failed check. */
void tw_test_fail(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Path of a file under data/. */
const char *tw_test_data(const char *name);
/* Path of a scratch file in the test's temporary folder. */
const char *tw_test_tmp(const char *name);

/* 1 when the tests run under AddressSanitizer, which makes them several
 * times slower: long loops (random play) use fewer games there. */
#if defined(__SANITIZE_ADDRESS__)
#define TW_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TW_TEST_ASAN 1
#endif
#endif
#ifndef TW_TEST_ASAN
#define TW_TEST_ASAN 0
#endif

/* 1 when the tests run under ThreadSanitizer, where they look for races
 * in the server: work done only to compare results in the test's own
 * process is left to the other runs. */
#if defined(__SANITIZE_THREAD__)
#define TW_TEST_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TW_TEST_TSAN 1
#endif
#endif
#ifndef TW_TEST_TSAN
#define TW_TEST_TSAN 0
#endif

#define TEST(name)                                                     \
    static void test_##name(void);                                     \
    __attribute__((constructor)) static void register_##name(void)    \
    {                                                                  \
        tw_test_register(#name, test_##name);                          \
    }                                                                  \
    static void test_##name(void)

#define CHECK(cond)                                                            \
    do {                                                                       \
        if (!(cond))                                                           \
            tw_test_fail(__FILE__, __LINE__, "check failed: %s", #cond);       \
    } while (0)

#define CHECK_INT(actual, expected)                                                        \
    do {                                                                                   \
        long long a_ = (long long)(actual), e_ = (long long)(expected);                    \
        if (a_ != e_)                                                                      \
            tw_test_fail(__FILE__, __LINE__, "%s is %lld, expected %lld", #actual, a_, e_); \
    } while (0)

#define CHECK_STR(actual, expected)                                                          \
    do {                                                                                     \
        const char *a_ = (actual), *e_ = (expected);                                         \
        if (!a_ || strcmp(a_, e_) != 0)                                                      \
            tw_test_fail(__FILE__, __LINE__, "%s is \"%s\", expected \"%s\"", #actual,       \
                         a_ ? a_ : "(null)", e_);                                            \
    } while (0)

#define CHECK_CONTAINS(haystack, needle)                                                        \
    do {                                                                                        \
        const char *h_ = (haystack), *n_ = (needle);                                            \
        if (!h_ || !strstr(h_, n_))                                                             \
            tw_test_fail(__FILE__, __LINE__, "%s does not contain \"%s\" (it is \"%s\")",       \
                         #haystack, n_, h_ ? h_ : "(null)");                                    \
    } while (0)

/* Stops the current test when a check failed (use before dereferencing). */
#define REQUIRE(cond)                                                          \
    do {                                                                       \
        if (!(cond)) {                                                         \
            tw_test_fail(__FILE__, __LINE__, "requirement failed: %s", #cond); \
            return;                                                            \
        }                                                                      \
    } while (0)

#endif
