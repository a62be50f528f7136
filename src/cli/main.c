/* trickwood: entry point. The commands live in the table of commands.c;
 * tw_cli_main() (cli.c) dispatches to them. */
#include <stdio.h>

#include "cli/cli.h"

int main(int argc, char **argv)
{
    return tw_cli_main(argc, argv, stdin, stdout, stderr);
}
