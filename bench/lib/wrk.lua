-- One request shape for the whole run (read from the environment), and a JSON summary at the end.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local body = os.getenv("BENCH_BODY")
if body and body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
local auth = os.getenv("BENCH_AUTH")
if auth and auth ~= "" then wrk.headers["Authorization"] = auth end
-- One more header, `Name: value` (Accept-Encoding for the compression rows).
local extra = os.getenv("BENCH_HEADER")
if extra and extra ~= "" then
  local name, value = extra:match("^([^:]+):%s*(.*)$")
  wrk.headers[name] = value
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nBENCH_JSON {"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"timeouts":%d,"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
