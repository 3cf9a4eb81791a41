/* encode_events.c -- see encode_events.h. */
#include "encode_events.h"

#include "encode.h"

json_object *enc_totals(const cc_position *pos, const int totals[CC_MAX_PLAYERS])
{
    json_object *o = json_object_new_object();
    for (int p = 0; p < pos->nplayers; p++)
        json_object_object_add(o, pos->players[p], json_object_new_int(totals[p]));
    return o;
}

json_object *enc_score_event(const cc_position *pos, const cc_features *f,
                             const cc_score_event *ev)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "kind", json_object_new_string(cc_event_kind_name(ev->kind)));
    if (ev->feature >= 0 && ev->feature < f->nfeatures) {
        json_object_object_add(o, "feature", enc_feature_ref(f, ev->feature));
        json_object_object_add(o, "type", json_object_new_string(cc_feature_type_name(ev->type)));
        json_object_object_add(o, "cells", enc_cells(f, ev->feature));
    } else {
        json_object_object_add(o, "feature", NULL);   /* a figure action about no feature */
    }
    json_object_object_add(o, "complete", json_object_new_boolean(ev->complete));
    json_object_object_add(o, "value", json_object_new_int(ev->value));
    json_object_object_add(o, "points", enc_totals(pos, ev->points));
    json_object *returned = json_object_new_array_ext(ev->nreturned);
    for (int i = 0; i < ev->nreturned; i++)
        json_object_array_add(returned, enc_figure(pos, &pos->figures[ev->returned[i]]));
    json_object_object_add(o, "returned", returned);
    if (ev->kind == CC_EV_SHEEP || ev->kind == CC_EV_WOLF) {
        json_object_object_add(o, "token", ev->token == CC_TOKEN_WOLF
                                               ? json_object_new_string("wolf")
                                               : json_object_new_int(ev->token));
        if (ev->figure >= 0 && ev->figure < pos->nfigures)
            json_object_object_add(o, "figure", enc_figure(pos, &pos->figures[ev->figure]));
    }
    json_object_object_add(o, "rules", enc_rules(ev->rules, (size_t)ev->nrules));
    json_object_object_add(o, "explain", json_object_new_string(ev->explain));
    json_object_object_add(o, "strength", enc_totals(pos, ev->strength));
    return o;
}

void enc_score_events(json_object *arr, const cc_position *pos, const cc_features *f,
                      const cc_score_result *r)
{
    for (int e = 0; e < r->nevents; e++)
        json_object_array_add(arr, enc_score_event(pos, f, &r->events[e]));
}
