/* Save-folder paths. */
#define _POSIX_C_SOURCE 200809L
#include "trickwood/paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Finds the save folder from the environment. */
int tw_path_save_dir(char *out, size_t size)
{
    const char *xdg = getenv("XDG_DATA_HOME");
    const char *home = getenv("HOME");
    int n;
    if (xdg && xdg[0] == '/')
        n = snprintf(out, size, "%s/trickwood", xdg);
    else if (home && *home)
        n = snprintf(out, size, "%s/.local/share/trickwood", home);
    else
        return -1;
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* Path of a file in the save folder. */
int tw_path_save_file(const char *name, int create, char *out, size_t size)
{
    char dir[1024];
    if (tw_path_save_dir(dir, sizeof dir) != 0)
        return -1;
    if (create && tw_path_mkdirs(dir) != 0)
        return -1;
    int n = snprintf(out, size, "%s/%s", dir, name);
    return n > 0 && (size_t)n < size ? 0 : -1;
}

/* The folder of saved games, or of finished ones. */
int tw_path_saves_dir(int finished, int create, char *out, size_t size)
{
    if (tw_path_save_file(finished ? "saves/finished" : "saves", 0, out, size) != 0)
        return -1;
    return create && tw_path_mkdirs(out) != 0 ? -1 : 0;
}

/* mkdir -p. */
int tw_path_mkdirs(const char *dir)
{
    char path[1024];
    size_t len = strlen(dir);
    if (len == 0 || len >= sizeof path)
        return -1;
    memcpy(path, dir, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        char keep = path[i];
        path[i] = '\0';
        if (mkdir(path, 0755) != 0 && errno != EEXIST)
            return -1;
        path[i] = keep;
    }
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) ? 0 : -1;
}

/* Creates the parent folder of a file path. */
int tw_path_make_parent(const char *file)
{
    char dir[1024];
    size_t len = strlen(file);
    if (len >= sizeof dir)
        return -1;
    memcpy(dir, file, len + 1);
    char *slash = strrchr(dir, '/');
    if (!slash || slash == dir)
        return 0;
    *slash = '\0';
    return tw_path_mkdirs(dir);
}
