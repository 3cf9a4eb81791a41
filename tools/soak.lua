-- tools/soak.lua -- wrk script for tools/soak.sh: a mixed load.
-- $SOAK_MANIFEST lists one request per line: METHOD PATH [BODYFILE].
-- Requests are taken round robin, so valid questions, hostile bodies and
-- GETs interleave on every connection.
local reqs = {}
local f = assert(io.open(os.getenv("SOAK_MANIFEST"), "r"))
for line in f:lines() do
  local method, path, file = line:match("^(%S+)%s+(%S+)%s*(%S*)$")
  if method then
    local body = nil
    if file ~= "" then
      local bf = assert(io.open(file, "rb"))
      body = bf:read("*a")
      bf:close()
    end
    local headers = { ["Content-Type"] = "application/json" }
    reqs[#reqs + 1] = wrk.format(method, path, headers, body)
  end
end
f:close()

local i = 0
function init(args)
  -- each wrk thread starts at a different place in the list
  i = math.random(#reqs)
end

function request()
  i = i % #reqs + 1
  return reqs[i]
end
