/* For Northwood! files: the character catalog, game records, event logs
 * and position files. Every loader reports bad input through a tw_diag
 * naming the file, line and field; nothing is half-loaded on error. */
#ifndef TRICKWOOD_NW_FILES_H
#define TRICKWOOD_NW_FILES_H

#include "trickwood/io.h"
#include "trickwood/northwood.h"

/* Folder holding the default data files: $TRICKWOOD_DATA when set, else
 * the data/ folder beside the program's build folder, else the folder the
 * program was built from. */
const char *tw_data_dir(void);

/* ---- Characters --------------------------------------------------------- */

/* Adds the characters of a character file (JSON, see docs/formats.md) to
 * the catalog. On error the catalog is left as it was. */
tw_error tw_nw_catalog_add_file(tw_nw_catalog *catalog, const char *path, tw_diag *diag);
/* Adds characters from JSON text; name is used in diagnostics. */
tw_error tw_nw_catalog_add_text(tw_nw_catalog *catalog, const char *text, const char *name, tw_diag *diag);
/* Empties the catalog and loads data/characters.json. */
tw_error tw_nw_catalog_load_default(tw_nw_catalog *catalog, tw_diag *diag);
/* Index of the character with this id, or -1. */
int tw_nw_catalog_find(const tw_nw_catalog *catalog, const char *id);
/* Number of catalog characters of a suit. */
int tw_nw_catalog_suit_count(const tw_nw_catalog *catalog, int suit);

#endif
