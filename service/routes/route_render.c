/* route_render.c -- POST /v1/render {"position", "show"?}: a picture of the
 * position, with an answer about it highlighted.
 *
 * "show" (optional) asks for any of, each drawn from the same decoder and
 * engine call as the route it mirrors (questions.h), so the picture and the
 * JSON answer cannot disagree:
 *   "placements": TILE                   /v1/placements: a ghost of the tile on
 *                                        every cell where it fits, the number of
 *                                        rotations that fit on each
 *   "feature": {x, y, at}                /v1/features: the whole feature outlined,
 *                                        its value and owners in the caption
 *   "deployments": {x, y}                /v1/deployments: a spot per location an
 *                                        option names, its kinds listed
 *   "wagon": {x, y, at, placed?}         /v1/wagon-moves: the destinations, with
 *                                        arrows from the wagon
 *   "score": {x, y, deployed?, shepherd?} or {final: true}
 *                                        /v1/score: each event's feature outlined
 *                                        and labelled with its points ("counting",
 *                                        which only shapes Messages' summary, is
 *                                        not asked here)
 *   "last": {x, y}                       the tile placed this turn, framed
 * Problems inside a show member point below it ("/show/feature/at").
 *
 * The format: Accept (svc_accept_q) image/svg+xml (preferred on a tie, and
 * when there is no Accept header) or image/png; an Accept that allows
 * neither is 406. ?width=N (RD_PNG_MIN_WIDTH..RD_PNG_MAX_WIDTH pixels,
 * default RD_PNG_DEFAULT_WIDTH) is the picture's width: a PNG's pixels, an
 * SVG's width attribute (its viewBox stays in the drawing's units);
 * anything else is 400. Answers carry Vary: Accept.
 *
 * The drawing is service/render/ (render.h), with the tile geometry the
 * service made at start (ctx->atlas); its words are in the request's
 * language (lang= or Accept-Language). */
#include "routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../render/highlight.h"
#include "../render/render.h"
#include "../wire/decode.h"
#include "game.h"
#include "questions.h"

/* ---- format and size ------------------------------------------------------- */

static bool pick_format(const svc_context *ctx, rd_format *fmt, svc_response *res)
{
    const char *accept = ctx->req ? ctx->req->accept : NULL;
    double svg = svc_accept_q(accept, "image/svg+xml"), png = svc_accept_q(accept, "image/png");
    if (svg <= 0 && png <= 0)
        return svc_problem(res, 406, "", SVC_P_NOT_ACCEPTABLE, SVC_D_NOT_SVG_OR_PNG, CC_NO_ARGS);
    *fmt = png > svg ? RD_PNG : RD_SVG;
    return true;
}

static bool pick_width(const svc_context *ctx, int *width, svc_response *res)
{
    char v[16];
    *width = 0;   /* none asked: a PNG gets the default, an SVG its natural size */
    int got = svc_query_param(ctx, "width", v, sizeof v);
    if (got == 0)
        return true;
    long n = 0;
    bool digits = got == 1 && v[0] != '\0' && strlen(v) <= 5;
    for (const char *p = v; digits && *p; p++) {
        digits = *p >= '0' && *p <= '9';
        n = n * 10 + (*p - '0');
    }
    if (!digits || n < RD_PNG_MIN_WIDTH || n > RD_PNG_MAX_WIDTH)
        return svc_problem_param(res, 400, "width", SVC_P_VALUE_OUT_OF_RANGE, SVC_D_WIDTH_PARAMETER,
                                 CC_ARGS(CC_INT(MIN, RD_PNG_MIN_WIDTH), CC_INT(MAX, RD_PNG_MAX_WIDTH)));
    *width = (int)n;
    return true;
}

/* ---- the show members ----------------------------------------------------------- */

/* err->pointer, relative to the member at `parent`, made absolute
 * ("/show/feature" + "/at"). A pointer that would not fit stays as it is
 * (it cannot happen: ours are short). */
static void under(cc_error *err, const char *parent)
{
    size_t pl = strlen(parent), el = strnlen(err->pointer, sizeof err->pointer);
    if (pl + el >= sizeof err->pointer)
        return;
    memmove(err->pointer + pl, err->pointer, el + 1);
    memcpy(err->pointer, parent, pl);
}

static bool out_of_memory(cc_error *err)
{
    return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_PICTURE);
}

/* Member `name` of show: absent (jr_obj_given() false), or an object with
 * only the listed members. */
static bool show_object(const jr_obj *show, const char *name, const char *const *members,
                        jr_obj *obj, cc_error *err)
{
    if (!dec_object(show, name, "/show", false, obj, err))
        return false;
    if (jr_obj_given(obj) && !dec_only_members(obj, members, "", err)) {
        char parent[64];
        snprintf(parent, sizeof parent, "/show/%s", name);
        under(err, parent);
        return false;
    }
    return true;
}

static bool show_placements(const svc_context *ctx, const game *g, const jr_obj *show,
                            rd_highlight *hl, cc_error *err)
{
    if (!dec_has(show, "placements"))
        return true;
    int type = -1, n = 0;
    cc_placement *list = NULL;
    bool ok = q_placements(g, ctx->cat, show, "placements", &type, &list, &n, err);
    if (!ok)
        under(err, "/show");   /* the member itself: /show/placements */
    else if (!rd_show_placements(hl, &g->features, type, list, n))
        ok = out_of_memory(err);
    free(list);
    return ok;
}

static bool show_feature(const game *g, const jr_obj *show, rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { Q_FEATURE_MEMBERS, NULL };
    jr_obj obj;
    int id = -1;
    cc_value v;
    if (!show_object(show, "feature", members, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    if (!q_feature_at(g, &obj, true, &id, &v, err)) {
        under(err, "/show/feature");
        return false;
    }
    return rd_show_feature(hl, &g->pos, &g->features, id, &v) || out_of_memory(err);
}

static bool show_deployments(const game *g, const jr_obj *show, rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { Q_DEPLOYMENTS_MEMBERS, NULL };
    jr_obj obj;
    int x = 0, y = 0, t = -1, n = 0;
    cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
    if (!show_object(show, "deployments", members, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    if (!q_deployments(g, &obj, &x, &y, &t, opts, &n, err)) {
        under(err, "/show/deployments");
        return false;
    }
    return rd_show_deployments(hl, &g->pos, &g->features, x, y, opts, n) || out_of_memory(err);
}

static bool show_wagon(const game *g, const jr_obj *show, rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { Q_WAGON_MEMBERS, NULL };
    jr_obj obj;
    int w = -1, n = 0;
    cc_wagon_dest *d = NULL;
    if (!show_object(show, "wagon", members, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    bool ok = q_wagon_moves(g, &obj, &w, &d, &n, err);
    if (!ok)
        under(err, "/show/wagon");
    else if (!rd_show_wagon(hl, &g->pos, &g->features, w, d, n))
        ok = out_of_memory(err);
    free(d);
    return ok;
}

static bool show_score(const game *g, const jr_obj *show, rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { Q_SCORE_MEMBERS, NULL };
    jr_obj obj;
    if (!show_object(show, "score", members, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    cc_score_result *r = malloc(sizeof *r);
    if (r == NULL)
        return out_of_memory(err);
    r->nevents = r->nrules = 0;
    bool final = false;
    bool ok = q_score(g, &obj, r, &final, err);
    if (!ok)
        under(err, "/show/score");
    else if (!rd_show_score(hl, &g->pos, &g->features, r, final))
        ok = out_of_memory(err);
    free(r);
    return ok;
}

static bool show_last(const game *g, const jr_obj *show, rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { "x", "y", NULL };
    jr_obj obj;
    int x = 0, y = 0;
    if (!show_object(show, "last", members, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    if (!dec_int(&obj, "x", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &x, NULL, err) ||
        !dec_int(&obj, "y", "", -CC_COORD_LIMIT, CC_COORD_LIMIT, true, &y, NULL, err) ||
        game_tile(g, x, y, err) < 0) {
        under(err, "/show/last");
        return false;
    }
    return rd_show_last(hl, x, y) || out_of_memory(err);
}

static bool show_barn(const game *g, const jr_obj *show, rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { Q_BARN_MEMBERS, NULL };
    jr_obj obj;
    int x = 0, y = 0, t = -1;
    cc_loc at;
    if (!show_object(show, "barn", members, &obj, err))
        return false;
    if (!jr_obj_given(&obj))
        return true;
    if (!q_barn_spot(&obj, &x, &y, &at, err) || (t = game_tile(g, x, y, err)) < 0) {
        under(err, "/show/barn");
        return false;
    }
    cc_barn_verdict v;
    cc_barn_check(&g->pos, &g->features, t, at.value, &v);
    return rd_show_barn(hl, &g->pos, &g->features, x, y, at, &v) || out_of_memory(err);
}

/* Every member of "show", in a fixed order (so marks and titles do not
 * depend on the order the client wrote them). */
static bool decode_show(const svc_context *ctx, const game *g, const jr_obj *root,
                        rd_highlight *hl, cc_error *err)
{
    static const char *const members[] = { "placements", "feature", "deployments", "wagon",
                                           "score",      "barn",    "last",        NULL };
    jr_obj show;
    if (!dec_object(root, "show", "", false, &show, err))
        return false;
    if (!jr_obj_given(&show))
        return true;
    return dec_only_members(&show, members, "/show", err) &&
           show_placements(ctx, g, &show, hl, err) && show_feature(g, &show, hl, err) &&
           show_deployments(g, &show, hl, err) && show_wagon(g, &show, hl, err) &&
           show_score(g, &show, hl, err) && show_barn(g, &show, hl, err) &&
           show_last(g, &show, hl, err);
}

/* ---- the route ------------------------------------------------------------------- */

void route_render(const svc_context *ctx, jr_obj *root, svc_response *res)
{
    static const char *const members[] = { "position", "show", NULL };
    rd_format fmt = RD_SVG;
    int width = 0;
    svc_add_header(res, "Vary", "Accept");   /* every answer, a 406 too, depends on it */
    if (!pick_format(ctx, &fmt, res) || !pick_width(ctx, &width, res))
        return;
    game *g = game_open(ctx, root, members, res);
    if (g == NULL)
        return;
    cc_error err;
    memset(&err, 0, sizeof err);
    rd_highlight hl;
    rd_highlight_init(&hl);
    hl.lang = ctx->lang;   /* titles, captions, labels in the request's language */
    rd_image img = { NULL, 0 };
    if (!decode_show(ctx, g, root, &hl, &err)) {
        svc_reply_problem(res, &err);
    } else if (!rd_render(&g->pos, &g->features, &hl, ctx->atlas, fmt,
                          fmt == RD_PNG && width == 0 ? RD_PNG_DEFAULT_WIDTH : width, &img)) {
        svc_problem(res, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_PICTURE, CC_NO_ARGS);
    } else {
        res->status = 200;
        res->content_type = fmt == RD_PNG ? "image/png" : "image/svg+xml";
        res->body = (char *)img.data;   /* malloc'ed: the response owns it now */
        res->len = img.len;
        res->static_body = NULL;
    }
    rd_highlight_free(&hl);
    game_free(g);
}
