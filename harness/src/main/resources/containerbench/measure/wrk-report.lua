-- container-bench's end of a wrk run (WrkRun reads it): wrk's counts, then every response time it
-- recorded, in microseconds, with its count. The times are read from wrk's own array through
-- LuaJIT's FFI: wrk's Lua API finds the n-th time by a scan from the smallest, which at tens of
-- thousands of distinct times takes seconds. By now wrk has added its coordinated-omission
-- correction to that array; WrkRun takes it out again.
local ffi = require("ffi")

done = function(summary, latency, requests)
   local e = summary.errors
   io.write(string.format("container-bench wrk %d %d %d %d %d %d %d\n", summary.duration, summary.requests,
      e.connect, e.read, e.write, e.status, e.timeout))
   -- wrk's stats: count, limit, min, max, then one counter per microsecond.
   local stats = ffi.cast("uint64_t **", latency)[0]
   local min, max = tonumber(stats[2]), tonumber(stats[3])
   local lines = {}
   for us = min, max do
      local count = stats[4 + us]
      if count ~= 0 then
         lines[#lines + 1] = us .. " " .. tonumber(count)
      end
   end
   io.write("container-bench latencies ", #lines, "\n", table.concat(lines, "\n"), "\n")
end
