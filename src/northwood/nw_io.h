/* Internal helpers shared by the For Northwood! file modules. */
#ifndef TRICKWOOD_NW_IO_H
#define TRICKWOOD_NW_IO_H

#include "trickwood/json_util.h"
#include "trickwood/nw_files.h"

/* Checks the root object of a record or position file: its "format"
 * (format), "version" (1) and "game" ("northwood") members, and that it
 * holds only the allowed keys (a NULL-terminated list). */
tw_error nw_read_header(tw_jr *jr, json_t *root, const char *format, const char *const *allowed);

/* Parses one effect step object at path, in the schema of character files
 * ("draw" included); position files use it for a running ability's
 * program. */
tw_error nw_step_parse(tw_jr *jr, json_t *obj, const char *path, tw_nw_step *step);

#endif
