/* route_languages.c -- GET /v1/languages: the languages the service answers
 * in (service/text/lang.h), each with its name in itself and how many of
 * the messages (every message id of service/text/english.h: rule
 * statements, ...) its catalog translates. A message it lacks is answered
 * in English, so `translated` < `messages` is a partial translation, never
 * an error. English is the original: all its messages count. */
#include "routes.h"

#include "../text/catalog.h"
#include "../text/english.h"
#include "../text/lang.h"

typedef struct {
    const char *lang;
    size_t translated;
} count_arg;

static void count_translated(const txt_english *e, void *arg)
{
    count_arg *c = arg;
    if (txt_lookup(c->lang, e->ctxt) != NULL)
        c->translated++;
}

void route_languages(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    (void)param;
    size_t n, messages = txt_english_count();
    const txt_language *langs = txt_languages(&n);
    jw w;
    jw_init(&w);
    jw_object(&w);
    jw_member_string(&w, "default", langs[0].code);
    jw_key(&w, "languages");
    jw_array(&w);
    for (size_t i = 0; i < n; i++) {
        count_arg c = { langs[i].code, 0 };
        if (i == 0)
            c.translated = messages;
        else
            txt_english_each(count_translated, &c);
        jw_object(&w);
        jw_member_string(&w, "code", langs[i].code);
        jw_member_string(&w, "name", langs[i].name);
        jw_member_int(&w, "messages", (long long)messages);
        jw_member_int(&w, "translated", (long long)c.translated);
        jw_object_end(&w);
    }
    jw_array_end(&w);
    jw_object_end(&w);
    svc_reply_jw(res, 200, &w);
}
