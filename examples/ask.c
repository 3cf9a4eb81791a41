/* ask.c -- libcarcassonne-rules from C: one question as JSON, one with structs.
 * Build: cc ask.c $(pkg-config --cflags --libs carcassonne-rules) -o ask */
#include <carcassonne_rules.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *question = "{\"position\": {\"players\": [\"red\", \"blue\"], \"tiles\": "
        "[{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], \"figures\": []}, \"tile\": \"base.E\"}";
    char *answer;
    int status = crl_ask("POST", "/v1/placements", question, strlen(question), &answer, NULL, NULL);
    printf("%d %s\n", status, answer);
    crl_free(answer);

    /* The same question with the engine's structs: a board, then placements. */
    const cc_catalog *cat = crl_catalog();
    static cc_position pos;
    static cc_board board;
    cc_error err;
    cc_position_init(&pos);
    pos.nplayers = 2;
    pos.tiles[pos.ntiles++] = (cc_placed_tile){ cc_catalog_find(cat, "base.D"), 0, 0, 0, -1 };
    cc_placement where[CC_MAX_PLACEMENTS];
    if (!cc_board_build(&board, cat, &pos, &err))
        return 1;
    int n = cc_placements(&board, cc_catalog_find(cat, "base.E"), where, CC_MAX_PLACEMENTS);
    printf("%d placements, the first at (%d, %d) turned %d degrees\n", n, where[0].x, where[0].y,
           where[0].rot * 90);
    return status == 200 ? 0 : 1;
}
