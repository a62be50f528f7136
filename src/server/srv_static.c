/* The web app's files. A URL path maps to a file under the web folder
 * only when every segment is made of plain characters and none starts
 * with a dot (so "..", hidden files and encoded tricks are refused before
 * the file system is asked), and the resolved path, symbolic links
 * followed, still lies inside the web folder. */
#define _DEFAULT_SOURCE
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "server/server.h"

/* Content types by file extension. */
static const struct {
    const char *ext;
    const char *type;
} TYPES[] = {
    {".html", "text/html; charset=utf-8"},
    {".js", "text/javascript; charset=utf-8"},
    {".mjs", "text/javascript; charset=utf-8"},
    {".css", "text/css; charset=utf-8"},
    {".json", "application/json; charset=utf-8"},
    {".webmanifest", "application/manifest+json"},
    {".svg", "image/svg+xml"},
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".jpeg", "image/jpeg"},
    {".gif", "image/gif"},
    {".webp", "image/webp"},
    {".ico", "image/x-icon"},
    {".txt", "text/plain; charset=utf-8"},
    {".md", "text/plain; charset=utf-8"},
    {".woff2", "font/woff2"},
    {".woff", "font/woff"},
    {".ttf", "font/ttf"},
    {".map", "application/json; charset=utf-8"},
};

/* The content type of a file name (octet-stream when unknown). */
static const char *content_type(const char *path)
{
    const char *dot = strrchr(path, '.');
    const char *slash = strrchr(path, '/');
    if (dot && (!slash || dot > slash))
        for (size_t i = 0; i < sizeof TYPES / sizeof TYPES[0]; i++)
            if (strcmp(dot, TYPES[i].ext) == 0)
                return TYPES[i].type;
    return "application/octet-stream";
}

/* Whether a URL path is one the web folder may answer: segments of
 * letters, digits, '-', '_' and '.', none empty (but the last) and none
 * starting with a dot. */
static int plain_path(const char *url)
{
    if (url[0] != '/')
        return 0;
    const char *seg = url + 1;
    for (;;) {
        const char *end = strchr(seg, '/');
        size_t len = end ? (size_t)(end - seg) : strlen(seg);
        if ((len == 0 && end) || seg[0] == '.')
            return 0;
        for (size_t i = 0; i < len; i++) {
            char ch = seg[i];
            int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '-' ||
                     ch == '_' || ch == '.';
            if (!ok)
                return 0;
        }
        if (!end)
            return 1;
        seg = end + 1;
    }
}

int tw_srv_static_path(const tw_srv *srv, const char *url, char *out, size_t size, const char **type)
{
    if (!srv->web_dir[0] || strlen(url) > 512 || !plain_path(url))
        return -1;
    char wanted[2048];
    size_t ulen = strlen(url);
    if (ulen > 0 && url[ulen - 1] == '/')
        snprintf(wanted, sizeof wanted, "%s%sindex.html", srv->web_dir, url);
    else
        snprintf(wanted, sizeof wanted, "%s%s", srv->web_dir, url);
    char real[PATH_MAX];
    if (!realpath(wanted, real))
        return -1;
    size_t dlen = strlen(srv->web_dir);
    if (strncmp(real, srv->web_dir, dlen) != 0 || real[dlen] != '/')
        return -1;
    struct stat st;
    if (stat(real, &st) != 0 || !S_ISREG(st.st_mode))
        return -1;
    if (strlen(real) >= size)
        return -1;
    memcpy(out, real, strlen(real) + 1);
    *type = content_type(real);
    return 0;
}
