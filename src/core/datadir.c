/* Finds the folder of the program's data files. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trickwood/io.h"

/* Finds the data folder: $TRICKWOOD_DATA, then the data beside the
 * program (../data and ../../data from a checkout's build/ folders, or
 * ../share/trickwood/data once installed under a prefix), then the folder
 * the program was built for. */
const char *tw_data_dir(void)
{
    static char dir[1024];
    const char *env = getenv("TRICKWOOD_DATA");
    if (env && *env)
        return env;
    char exe[900];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            const char *ups[] = {"/../share/trickwood/data", "/../data", "/../../data", "/data"};
            for (int i = 0; i < 4; i++) {
                snprintf(dir, sizeof dir, "%s%s/characters.json", exe, ups[i]);
                if (access(dir, R_OK) == 0) {
                    snprintf(dir, sizeof dir, "%s%s", exe, ups[i]);
                    return dir;
                }
            }
        }
    }
    return TW_DATA_DIR;
}
