/* decode_move.c -- see decode_move.h: the move members of /v1/turn,
 * shared with the moves of POST /v1/export/jcz. */
#include "decode_move.h"

#include <stdio.h>
#include <string.h>

#include "decode.h"
#include "../text/problems.h"

static bool dec_deploy(const jr_obj *root, cc_move *mv, cc_error *err)
{
    static const char *const members[] = { "kind", "at", "token", NULL };
    jr_obj d;
    dec_text kind;
    if (!dec_object(root, "deploy", "", false, &d, err))
        return false;
    if (!jr_obj_given(&d))
        return true;
    if (!dec_only_members(&d, members, "/deploy", err) ||
        !dec_string(&d, "kind", "/deploy", true, &kind, NULL, err))
        return false;
    int k = kind.len < sizeof kind.s ? cc_figure_kind_parse(kind.s) : -1;
    if (k < 0)
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/deploy/kind", SVC_P_VALUE_OUT_OF_RANGE,
                        SVC_D_KIND_VALUES);
    mv->deploy = true;
    mv->deploy_kind = (cc_figure_kind)k;
    if (!dec_loc(&d, "at", "/deploy", true, true, &mv->deploy_at, NULL, err))
        return false;
    if (k != CC_FIG_SHEPHERD && dec_has(&d, "token"))
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/deploy/token", SVC_P_UNKNOWN_MEMBER,
                        SVC_D_TOKEN_NOT_SHEPHERD);
    return dec_token(&d, "/deploy", k == CC_FIG_SHEPHERD, &mv->first_token, err);
}

static bool dec_spot(const jr_obj *o, const char *pointer, int *x, int *y, cc_loc *at,
                     cc_error *err)
{
    return dec_int(o, "x", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, x, NULL, err) &&
           dec_int(o, "y", pointer, -CC_COORD_LIMIT, CC_COORD_LIMIT, true, y, NULL, err) &&
           dec_loc(o, "at", pointer, false, true, at, NULL, err);
}

bool dec_move_wagons(const jr_obj *root, cc_move_wagon wagons[CC_MAX_PLAYERS], int *n_out,
                     cc_error *err)
{
    static const char *const members[] = { "x", "y", "at", "to", NULL };
    static const char *const to_members[] = { "x", "y", "at", NULL };
    jr_val list;
    if (!dec_array(root, "wagons", "", false, &list, err))
        return false;
    *n_out = 0;
    if (list.type == JR_ABSENT)
        return true;
    size_t n = jr_count(list);
    if (n > CC_MAX_PLAYERS)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/wagons", SVC_P_VALUE_OUT_OF_RANGE,
                       SVC_D_TOO_MANY_WAGONS, CC_INT(MAX, CC_MAX_PLAYERS), CC_INT(COUNT, n));
    jr_iter it = jr_iter_start(list);
    jr_val v;
    for (size_t i = 0; jr_next_element(&it, &v); i++) {
        jr_obj w, to;
        char ptr[40], to_ptr[48];
        snprintf(ptr, sizeof ptr, "/wagons/%zu", i);
        snprintf(to_ptr, sizeof to_ptr, "%s/to", ptr);
        if (!jr_obj_open(v, &w))
            return CC_FAIL0(err, CC_ERR_BAD_REQUEST, ptr, SVC_P_WRONG_TYPE, SVC_D_WAGON_NOT_OBJECT);
        cc_move_wagon *mw = &wagons[i];
        if (!dec_only_members(&w, members, ptr, err) ||
            !dec_spot(&w, ptr, &mw->x, &mw->y, &mw->at, err) ||
            !dec_object(&w, "to", ptr, true, &to, err) ||
            !dec_only_members(&to, to_members, to_ptr, err) ||
            !dec_spot(&to, to_ptr, &mw->to_x, &mw->to_y, &mw->to_at, err))
            return false;
    }
    *n_out = (int)n;
    return true;
}

/* Member "deployed", the contract's form of the deployment shared with
 * /v1/score: a figure in position form. It needs the decoded position (its
 * player is a name) and says nothing "deploy" does not, so it is read after
 * the position and turned into the same move. */
bool dec_deployed_move(const jr_obj *root, const cc_position *pos, cc_move *mv, cc_error *err)
{
    cc_figure fig;
    bool present;
    bool given_as_deploy = mv->deploy;
    if (!dec_deployed(root, pos, &fig, &mv->first_token, &present, err))
        return false;
    if (!present)
        return true;
    if (given_as_deploy)
        return CC_FAIL0(err, CC_ERR_BAD_REQUEST, "/deployed", SVC_P_UNKNOWN_MEMBER,
                        SVC_D_DEPLOY_TWICE);
    if (fig.player != pos->active)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deployed/player", SVC_P_NOT_THE_ACTIVE_PLAYER,
                       SVC_D_NOT_ACTIVE_DEPLOYS,
                       CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[pos->active])),
                       CC_QUOTE(OTHER_PLAYER, cc_error_quote(err, 1, pos->players[fig.player])));
    if (fig.x != mv->x || fig.y != mv->y)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deployed/x", SVC_P_NOT_ON_THE_PLACED_TILE,
                       SVC_D_DEPLOYED_ELSEWHERE, CC_INT(X, mv->x), CC_INT(Y, mv->y),
                       CC_INT(OTHER_X, fig.x), CC_INT(OTHER_Y, fig.y));
    mv->deploy = true;
    mv->deploy_kind = fig.kind;
    mv->deploy_at = fig.at;
    return true;
}

bool dec_move(const cc_catalog *cat, const jr_obj *root, cc_move *mv, cc_error *err)
{
    int type = -1, x = 0, y = 0, deg = 0;
    bool has_rot = false;
    if (!dec_tile_id(root, "tile", "", cat, &type, err) ||
        !dec_int(root, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, err) ||
        !dec_int(root, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, err))
        return false;
    bool abbey = cat->types[type].is_abbey;
    if (!dec_int(root, "rot", "", 0, 270, !abbey, &deg, &has_rot, err))
        return false;
    if (deg % 90 != 0)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/rot", SVC_P_VALUE_OUT_OF_RANGE, SVC_D_ROT_IS,
                       CC_INT(VALUE, deg));
    *mv = cc_move_make(type, x, y, deg / 90);
    return dec_deploy(root, mv, err) &&
           dec_shepherd_choice(root, &mv->shepherd, &mv->grow_token, err) &&
           dec_move_wagons(root, mv->wagons, &mv->nwagons, err) &&
           dec_bool(root, "pile_empty", "", false, &mv->pile_empty, NULL, err);
}
