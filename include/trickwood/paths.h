/* Where Trickwood keeps its files, for the terminal and the server alike
 * ($XDG_DATA_HOME/trickwood, else ~/.local/share/trickwood). */
#ifndef TRICKWOOD_PATHS_H
#define TRICKWOOD_PATHS_H

#include <stddef.h>

/* Writes the save folder into out. Returns 0, or -1 when neither
 * XDG_DATA_HOME nor HOME is set or the path does not fit. */
int tw_path_save_dir(char *out, size_t size);

/* Writes the path of a file in the save folder into out and creates the
 * folder when create is set. Returns 0, or -1 on failure. */
int tw_path_save_file(const char *name, int create, char *out, size_t size);

/* Writes the folder of saved games (the save folder's "saves", or its
 * "saves/finished" for finished games when finished is set) into out and
 * creates it when create is set. Returns 0, or -1 on failure. */
int tw_path_saves_dir(int finished, int create, char *out, size_t size);

/* Creates a folder and its missing parents. Returns 0 or -1. */
int tw_path_mkdirs(const char *dir);

/* Creates the folder that will hold a file (nothing for a bare name).
 * Returns 0 or -1. */
int tw_path_make_parent(const char *file);

#endif
