-- One decision for one request of one tenant, for every replica at once (toolspill's shared limits), atomic in Redis.
-- KEYS[1] the tenant's request bucket (hash: tokens, ms), KEYS[2] its bytes stored today, KEYS[3] its upload leases
-- (sorted set: lease id -> expiry in ms).
-- ARGV[1] requests a second (0: no limit)   ARGV[2] burst
-- ARGV[3] bytes a day (0: no limit; -1: not asked)   ARGV[4] bytes this body declares
-- ARGV[5] uploads at once (0: no cap; -1: not an upload)   ARGV[6] the lease id   ARGV[7] lease time to live, ms
-- Returns {0} admitted, {1, ms to wait} past the rate, {2, bytes used} past the day's bytes, {3, uploads} past the cap.
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
if rate > 0 then
  local state = redis.call('HMGET', KEYS[1], 'tokens', 'ms')
  local tokens = tonumber(state[1]) or burst
  local last = tonumber(state[2]) or now
  tokens = math.min(burst, tokens + math.max(0, now - last) * rate / 1000)
  local wait = 0
  if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) * 1000 / rate) end
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ms', now)
  redis.call('PEXPIRE', KEYS[1], math.ceil(burst * 1000 / rate) + 1000)
  if wait > 0 then return {1, wait} end
end
local perDay, declared = tonumber(ARGV[3]), tonumber(ARGV[4])
if perDay > 0 then
  local used = tonumber(redis.call('GET', KEYS[2])) or 0
  if used >= perDay or used + declared > perDay then return {2, used} end
end
local cap = tonumber(ARGV[5])
if cap >= 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  if cap > 0 and redis.call('ZCARD', KEYS[3]) >= cap then return {3, cap} end
  local ttl = tonumber(ARGV[7])
  redis.call('ZADD', KEYS[3], now + ttl, ARGV[6])
  redis.call('PEXPIRE', KEYS[3], ttl)
end
return {0}
