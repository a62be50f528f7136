/* trickwood: entry point. */
#include <stdio.h>

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("trickwood\n");
    return 0;
}
