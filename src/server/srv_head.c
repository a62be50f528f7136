/* The check of a request head before libmicrohttpd sees it (srv_front.c
 * peeks at the bytes received and asks here): the request line, the
 * header lines and their sizes, strictly enough that libmicrohttpd
 * never finds a fault in a head that passes, and so never answers with
 * its own HTML error page. A head is the request line, the header lines
 * and the empty line that ends them, every line ending with CRLF.
 * Nothing is kept between calls: each call reads the bytes from the
 * start (they are at most TW_SRV_HEAD_MAX + 1). */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "server/server.h"

/* An announced body larger than this is refused here (413): libmicrohttpd
 * refuses a Content-Length that does not fit in 64 bits with its own page,
 * and the server refuses anything over 1 MiB anyway (srv_http.c). */
#define CONTENT_LENGTH_MAX 1000000000000ULL

/* Whether a byte may be in a token (a method or a header name, RFC 9110
 * section 5.6.2). */
static int is_token(unsigned char ch)
{
    if (ch >= '0' && ch <= '9')
        return 1;
    if ((ch | 0x20) >= 'a' && (ch | 0x20) <= 'z')
        return 1;
    return ch != '\0' && strchr("!#$%&'*+-.^_`|~", ch) != NULL;
}

/* Whether a byte may be in a request target: visible ASCII only. */
static int is_target_byte(unsigned char ch)
{
    return ch > 0x20 && ch < 0x7f;
}

/* Whether a byte may be in a header value: visible ASCII, space, tab,
 * and bytes of 0x80 and over (obs-text); never a control byte or NUL. */
static int is_value_byte(unsigned char ch)
{
    return ch == '\t' || (ch >= 0x20 && ch != 0x7f);
}

/* Fills in a refusal and returns TW_SRV_HEAD_BAD. */
static tw_srv_head_verdict refuse(tw_srv_head *out, int status, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static tw_srv_head_verdict refuse(tw_srv_head *out, int status, const char *code, const char *fmt, ...)
{
    out->status = status;
    out->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out->message, sizeof out->message, fmt, ap);
    va_end(ap);
    return TW_SRV_HEAD_BAD;
}

/* Counts the bytes of text[0, len) that are one of set. */
static size_t count_of(const char *text, size_t len, const char *set)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] != '\0' && strchr(set, text[i]) != NULL;
    return n;
}

/* Whether text[0, len) has the form of an HTTP version, "HTTP/d.d". */
static int looks_like_version(const char *text, size_t len)
{
    return len == 8 && memcmp(text, "HTTP/", 5) == 0 && text[5] >= '0' && text[5] <= '9' && text[6] == '.' &&
           text[7] >= '0' && text[7] <= '9';
}

/* Checks the request line line[0, len) (without its CRLF). */
static tw_srv_head_verdict check_request_line(const char *line, size_t len, tw_srv_head *out, int *fields)
{
    size_t m = 0;
    while (m < len && is_token((unsigned char)line[m]))
        m++;
    if (m == 0 || m == len || line[m] != ' ')
        return refuse(out, 400, "bad_request", "the request line is not METHOD TARGET HTTP/1.1");
    out->head_method = m == 4 && memcmp(line, "HEAD", 4) == 0;
    size_t t = m + 1, t_end = t;
    while (t_end < len && is_target_byte((unsigned char)line[t_end]))
        t_end++;
    if (t_end == t)
        return refuse(out, 400, "bad_request", "the request line has no target");
    if (t_end == len)
        return refuse(out, 400, "bad_request", "the request line has no HTTP version");
    if (line[t_end] != ' ')
        return refuse(out, 400, "bad_request", "the request target holds a byte that is not visible ASCII (0x%02x)",
                      (unsigned char)line[t_end]);
    const char *version = line + t_end + 1;
    size_t vlen = len - t_end - 1;
    if (vlen == 8 && (memcmp(version, "HTTP/1.1", 8) == 0 || memcmp(version, "HTTP/1.0", 8) == 0)) {
        out->http11 = version[7] == '1';
    } else if (looks_like_version(version, vlen)) {
        return refuse(out, 505, "version_not_supported", "HTTP/%c.%c is not supported: use HTTP/1.1 or HTTP/1.0",
                      version[5], version[7]);
    } else {
        return refuse(out, 400, "bad_request", "the request line does not end with HTTP/1.1 or HTTP/1.0");
    }
    const char *query = memchr(line + t, '?', t_end - t);
    if (query) {
        *fields += 1 + (int)count_of(query, (size_t)(line + t_end - query), "&");
        if (*fields > TW_SRV_HEAD_FIELDS)
            return refuse(out, 414, "uri_too_long", "the request target has more than %d query arguments",
                          TW_SRV_HEAD_FIELDS);
    }
    return TW_SRV_HEAD_OK;
}

/* What the header lines said so far. */
typedef struct {
    int hosts;
    int lengths;
} head_seen;

/* Checks one header line line[0, len) (without its CRLF). */
static tw_srv_head_verdict check_header_line(const char *line, size_t len, tw_srv_head *out, int *fields,
                                             head_seen *seen)
{
    if (line[0] == ' ' || line[0] == '\t')
        return refuse(out, 400, "bad_request", "a header line starts with white space (line folding is not accepted)");
    size_t n = 0;
    while (n < len && is_token((unsigned char)line[n]))
        n++;
    if (n == len)
        return refuse(out, 400, "bad_request", "a header line has no colon");
    if (line[n] != ':')
        return refuse(out, 400, "bad_request", "a header name holds a byte that is not allowed (0x%02x)",
                      (unsigned char)line[n]);
    if (n == 0)
        return refuse(out, 400, "bad_request", "a header line has no name");
    const char *value = line + n + 1;
    size_t vlen = len - n - 1;
    for (size_t i = 0; i < vlen; i++)
        if (!is_value_byte((unsigned char)value[i]))
            return refuse(out, 400, "bad_request", "the header %.*s holds a control byte (0x%02x)", (int)(n < 40 ? n : 40),
                          line, (unsigned char)value[i]);
    while (vlen > 0 && (value[0] == ' ' || value[0] == '\t')) {
        value++;
        vlen--;
    }
    while (vlen > 0 && (value[vlen - 1] == ' ' || value[vlen - 1] == '\t'))
        vlen--;
    if (++*fields > TW_SRV_HEAD_FIELDS)
        return refuse(out, 431, "headers_too_large", "the request has more than %d header fields",
                      TW_SRV_HEAD_FIELDS);
    if (n == 4 && strncasecmp(line, "Host", 4) == 0) {
        if (++seen->hosts > 1)
            return refuse(out, 400, "bad_request", "the request has more than one Host header");
    } else if (n == 14 && strncasecmp(line, "Content-Length", 14) == 0) {
        if (++seen->lengths > 1)
            return refuse(out, 400, "bad_request", "the request has more than one Content-Length header");
        unsigned long long length = 0;
        if (vlen == 0)
            return refuse(out, 400, "bad_request", "Content-Length is empty");
        for (size_t i = 0; i < vlen; i++) {
            if (value[i] < '0' || value[i] > '9')
                return refuse(out, 400, "bad_request", "Content-Length is not a whole number of bytes");
            if (length <= CONTENT_LENGTH_MAX)
                length = length * 10 + (unsigned)(value[i] - '0');
        }
        if (length > CONTENT_LENGTH_MAX)
            return refuse(out, 413, "too_large", "the request body is larger than %d bytes", TW_SRV_MAX_BODY);
        out->body_length = length;
    } else if (n == 17 && strncasecmp(line, "Transfer-Encoding", 17) == 0) {
        return refuse(out, 411, "length_required",
                      "Transfer-Encoding is not accepted: send the body whole, with a Content-Length header");
    } else if (n == 6 && strncasecmp(line, "Expect", 6) == 0) {
        out->expect_continue = vlen == 12 && strncasecmp(value, "100-continue", 12) == 0;
    } else if (n == 6 && strncasecmp(line, "Cookie", 6) == 0) {
        /* libmicrohttpd keeps each cookie as a field of its own */
        *fields += (int)count_of(value, vlen, ";,");
        if (*fields > TW_SRV_HEAD_FIELDS)
            return refuse(out, 431, "headers_too_large", "the request has more than %d header fields and cookies",
                          TW_SRV_HEAD_FIELDS);
    }
    return TW_SRV_HEAD_OK;
}

/* Checks the start of a line that has not ended yet: its size, and the
 * bytes it may not hold (so that a stream of bytes that is no HTTP is
 * refused at once, without waiting for a line end that may never come). */
static tw_srv_head_verdict check_partial_line(const char *line, size_t len, int first, tw_srv_head *out)
{
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)line[i];
        if (ch == '\r' && i + 1 == len)
            break; /* the LF may come next */
        if (first ? ch <= 0x20 && ch != ' ' : !is_value_byte(ch))
            return refuse(out, 400, "bad_request", "the request holds a control byte (0x%02x)", ch);
        if (first && ch >= 0x7f)
            return refuse(out, 400, "bad_request", "the request line holds a byte that is not ASCII (0x%02x)", ch);
    }
    return TW_SRV_HEAD_MORE;
}

tw_srv_head_verdict tw_srv_head_check(const char *data, size_t len, tw_srv_head *out)
{
    memset(out, 0, sizeof *out);
    int fields = 0;
    head_seen seen = {0, 0};
    size_t pos = 0;
    for (int line_no = 0;; line_no++) {
        const char *line = data + pos;
        size_t avail = len - pos;
        const char *lf = memchr(line, '\n', avail);
        const char *cr = memchr(line, '\r', lf ? (size_t)(lf - line) : avail);
        if (cr && cr + 1 < line + avail && cr[1] != '\n')
            return refuse(out, 400, "bad_request", "a CR byte in the request is not followed by LF");
        if (lf && (lf == line || lf[-1] != '\r'))
            return refuse(out, 400, "bad_request", "a line of the request ends with LF alone; lines end with CRLF");
        size_t line_len = lf ? (size_t)(lf - 1 - line) : avail;
        if (line_no == 0 && line_len > TW_SRV_LINE_MAX)
            return refuse(out, 414, "uri_too_long", "the request line is longer than %d bytes", TW_SRV_LINE_MAX);
        if ((lf ? pos + line_len + 2 : len) > TW_SRV_HEAD_MAX)
            return refuse(out, 431, "headers_too_large", "the request head is larger than %d bytes", TW_SRV_HEAD_MAX);
        if (!lf)
            return check_partial_line(line, avail, line_no == 0, out);
        tw_srv_head_verdict v;
        if (line_no == 0)
            v = check_request_line(line, line_len, out, &fields);
        else if (line_len == 0) {
            if (out->http11 && seen.hosts == 0)
                return refuse(out, 400, "bad_request", "an HTTP/1.1 request needs a Host header");
            out->length = pos + 2;
            return TW_SRV_HEAD_OK;
        } else
            v = check_header_line(line, line_len, out, &fields, &seen);
        if (v != TW_SRV_HEAD_OK)
            return v;
        pos += line_len + 2;
    }
}
