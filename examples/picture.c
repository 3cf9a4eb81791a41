/* picture.c -- libcarcassonne-rules from C: a picture of a position, as SVG.
 * Build: cc picture.c $(pkg-config --cflags --libs carcassonne-rules) -o picture
 * Run:   ./picture > board.svg
 *
 * The library loads the fonts pictures need with its catalog, on first use,
 * and releases them at exit, so a program whose tests run under
 * LeakSanitizer (-fsanitize=address) exits clean after drawing
 * (tests/packaging/test_install.sh builds this one so). */
#include <carcassonne_rules.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *question = "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": "
        "[{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}, "
        "{\"tile\": \"base.E\", \"x\": 0, \"y\": -1, \"rot\": 180}], \"figures\": "
        "[{\"player\": \"red\", \"kind\": \"meeple\", \"x\": 0, \"y\": -1, \"at\": \"S\"}]}}";
    char *svg;
    size_t len;
    const char *type;
    int status = crl_ask("POST", "/v1/render?width=256", question, strlen(question), &svg, &len,
                         &type);
    if (status == 200)
        fwrite(svg, 1, len, stdout);
    fprintf(stderr, "%d %s %zu bytes\n", status, type, len);
    int ok = status == 200 && strcmp(type, "image/svg+xml") == 0 && strstr(svg, "<svg") != NULL;
    crl_free(svg);
    return ok ? 0 : 1;
}
