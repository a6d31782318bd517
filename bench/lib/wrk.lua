-- One request shape for the whole run (read from the environment), and a JSON summary at the end.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
local bodyFile = os.getenv("BENCH_BODY_FILE")
if bodyFile and bodyFile ~= "" then
  local file = io.open(bodyFile, "rb")
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = os.getenv("BENCH_CONTENT_TYPE")
end
local auth = os.getenv("BENCH_AUTH")
if auth and auth ~= "" then wrk.headers["Authorization"] = auth end
local extra = os.getenv("BENCH_HEADERS")
if extra and extra ~= "" then
  for line in extra:gmatch("[^\n]+") do
    local name, value = line:match("^([^:]+):%s*(.*)$")
    if name then wrk.headers[name] = value end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nBENCH_JSON {"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"timeouts":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
