-- bench/post.lua -- wrk script: POST the file named by $BODY as JSON.
-- (wrk itself reports "Non-2xx or 3xx responses" when there are any.)
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = f:read("*a")
f:close()
