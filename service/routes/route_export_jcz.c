/* route_export_jcz.c -- POST /v1/export/jcz: a game played through
 * /v1/turn, as a saved game FanCloisterZone and JCloisterZone open.
 *
 * Request: {"position": the starting position (start tiles only: no
 *   figures, no points), "moves": [each a /v1/turn move without its
 *   position: tile, x, y, rot, deploy | deployed, shepherd, wagons,
 *   pile_empty, and "discarded"?: [the tiles drawn before it that fit
 *   nowhere]; or {"discarded": [...]} alone: the player's draws all fit
 *   nowhere and the pile ran out], "name"?: the game's name}.
 * Answer: the .jcz file (service/jcz/jcz_write.h), application/json, with
 *   Content-Disposition: attachment; filename="<name>.jcz".
 * Errors: 400 a malformed move (pointer /moves/i/...); 422 a position a
 * saved game cannot start from, or a move the rules forbid (the move's
 * pointer, the rule in the detail). */
#include "routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../jcz/jcz_write.h"
#include "../wire/decode.h"
#include "../wire/decode_move.h"

#define NAME_MAX_BYTES 100

/* Prefix err's pointer with the move's own ("/moves/3"). */
static bool in_move(cc_error *err, size_t i)
{
    char ptr[CC_POINTER_MAX];
    snprintf(ptr, sizeof ptr, "/moves/%zu%.140s", i, err->pointer);
    cc_utf8_trim(ptr);
    snprintf(err->pointer, sizeof err->pointer, "%s", ptr);
    return false;
}

/* Member "discarded" of move object m: the tiles the player drew before
 * the move's tile (or before the pile ran out) that fit nowhere. */
static bool play_discards(const svc_context *ctx, const jr_obj *m, jcz_writer *w,
                          cc_error *err)
{
    jr_val list;
    if (!dec_array(m, "discarded", "", false, &list, err))
        return false;
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t j = 0; jr_next_element(&it, &v); j++) {
        char ptr[40];
        snprintf(ptr, sizeof ptr, "/discarded/%zu", j);
        if (v.type != JR_STRING)
            return CC_FAIL0(err, CC_ERR_BAD_REQUEST, ptr, SVC_P_WRONG_TYPE, SVC_D_DISCARDED_NOT_ID);
        /* Whole or not at all: a name cut at an escaped U+0000 or at the
         * buffer's end would be another tile's. */
        char id[DEC_TEXT_MAX];
        bool nul = false;
        size_t len = jr_string(v, id, sizeof id, &nul);
        int type = len < sizeof id && !nul ? cc_catalog_find(ctx->cat, id) : -1;
        if (type < 0)
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, SVC_P_UNKNOWN_TILE_ID, SVC_D_DISCARDED_NO_TILE,
                           CC_INT(INDEX, j));
        if (!jcz_writer_discard(w, type, err)) {
            snprintf(err->pointer, sizeof err->pointer, "%s", ptr);
            return false;
        }
    }
    return true;
}

static bool play_moves(const svc_context *ctx, jr_val moves, jcz_writer *w, cc_error *err)
{
    static const char *const members[] = {
        "tile", "x", "y", "rot", "deploy", "deployed", "shepherd", "wagons", "pile_empty",
        "discarded", NULL
    };
    static const char *const pass_members[] = { "discarded", NULL };
    size_t n = jr_count(moves);
    if (n > CC_MAX_TILES)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/moves", CC_MSG_P_MORE_TILES, SVC_D_TOO_MANY_MOVES,
                       CC_INT(COUNT, n), CC_INT(MAX, CC_MAX_TILES));
    jr_iter it = jr_iter_start(moves);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        jr_obj m;
        char ptr[32];
        snprintf(ptr, sizeof ptr, "/moves/%zu", i);
        cc_move mv;
        if (!jr_obj_open(v, &m))
            return CC_FAIL0(err, CC_ERR_BAD_REQUEST, ptr, SVC_P_WRONG_TYPE, SVC_D_MOVE_NOT_OBJECT);
        bool pass = !dec_has(&m, "tile") && dec_has(&m, "discarded");
        if (!dec_only_members(&m, pass ? pass_members : members, ptr, err))
            return false;
        if (pass) {
            if (!play_discards(ctx, &m, w, err) || !jcz_writer_pass(w, err))
                return in_move(err, i);
            continue;
        }
        if (!dec_move(ctx->cat, &m, &mv, err) ||
            !dec_deployed_move(&m, jcz_writer_position(w), &mv, err) ||
            !play_discards(ctx, &m, w, err) || !jcz_writer_play(w, &mv, err))
            return in_move(err, i);
    }
    return true;
}

/* The file name: the game's name with anything but letters, digits, '-',
 * '_' and '.' turned into '_'. */
static void file_name(const char *name, char *out, size_t size)
{
    size_t n = 0;
    for (const char *s = name; *s != '\0' && n + 1 < size; s++) {
        char c = *s;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '_' || c == '.';
        if (!ok)
            c = '_';
        out[n++] = c;
    }
    out[n] = '\0';
    if (n == 0)
        snprintf(out, size, "game");
}

void route_export_jcz(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", "moves", "name", NULL };
    cc_error err;
    memset(&err, 0, sizeof err);
    jr_val moves;
    dec_text name_text;
    bool named = false;
    const char *name = NULL;
    cc_position *pos = malloc(sizeof *pos);
    jcz_writer *w = NULL;
    if (pos == NULL) {
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_READ_POSITION, CC_NO_ARGS);
        return;
    }
    bool read = dec_only_members(root, members, "", &err) &&
                dec_array(root, "moves", "", true, &moves, &err) &&
                dec_string(root, "name", "", false, &name_text, &named, &err);
    if (named)
        name = name_text.s;
    if (read && named && name_text.len > NAME_MAX_BYTES)
        read = CC_FAIL(&err, CC_ERR_BAD_REQUEST, "/name", SVC_P_VALUE_OUT_OF_RANGE, SVC_D_NAME_LENGTH,
                       CC_INT(MAX, NAME_MAX_BYTES));
    if (!read || !dec_position(root, ctx->cat, pos, &err) ||
        (w = jcz_writer_new(pos, ctx->cat, name ? name : "carcassonne-rules", ctx->lang,
                             &err)) == NULL ||
        !play_moves(ctx, moves, w, &err)) {
        svc_reply_problem(res, &err);
    } else {
        jw out;
        jw_init(&out);
        jcz_writer_finish(w, &out);
        char file[NAME_MAX_BYTES + 1];
        file_name(name ? name : "game", file, sizeof file);
        bool written = !jw_failed(&out);
        svc_reply_jw(res, 200, &out);
        if (written)
            svc_add_header(res, "Content-Disposition", "attachment; filename=\"%.100s.jcz\"", file);
        jw_free(&out);
    }
    jcz_writer_free(w);
    free(pos);
}
