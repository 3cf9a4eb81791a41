/* route_healthz.c -- GET /healthz: liveness. A constant body, so the HTTP
 * layer answers it from one persistent response. */
#include "routes.h"

static const char healthy[] = "{\"status\":\"ok\"}";

void route_healthz(const svc_context *ctx, const char *param, svc_response *res)
{
    (void)ctx;
    (void)param;
    svc_reply_static(res, 200, "application/json", healthy, sizeof healthy - 1);
}
