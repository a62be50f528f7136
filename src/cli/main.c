/* trickwood: entry point. The commands live in the table of commands.c,
 * and tw_cli_main() (commands.c) dispatches to them. */
#include <stdio.h>

#include "cli/commands.h"

int main(int argc, char **argv)
{
    return tw_cli_main(argc, argv, stdin, stdout, stderr);
}
