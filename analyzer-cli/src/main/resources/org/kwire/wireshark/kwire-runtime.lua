-- The interpreter: the same in every generated kwire.lua; the tables above drive it. ---------------------------------
-- A Kafka frame is a 4-byte size, a request or response header, then the body, whose fields the LAYOUTS of its
-- (api key, direction, version) describe in wire order (Kafka's message schemas; KIP-482 for compact lengths and
-- tagged fields). Responses carry no api key: the request with the same correlation_id on the same TCP stream, seen
-- on the first pass, gives it (kwire.request_in, kwire.response_in, kwire.response_time).

local sbyte, floor, format = string.byte, math.floor, string.format
local INT8, INT16, UINT16, INT32, UINT32, INT64, FLOAT64, BOOL, UUID, STRING, BYTES, RECORDS, STRUCT, ARRAY =
    KIND.INT8, KIND.INT16, KIND.UINT16, KIND.INT32, KIND.UINT32, KIND.INT64, KIND.FLOAT64, KIND.BOOL, KIND.UUID,
    KIND.STRING, KIND.BYTES, KIND.RECORDS, KIND.STRUCT, KIND.ARRAY
local FIXED = { [INT8] = 1, [INT16] = 2, [UINT16] = 2, [INT32] = 4, [UINT32] = 4, [INT64] = 8, [FLOAT64] = 8,
    [BOOL] = 1, [UUID] = 16 }

local kwire = Proto("kwire", "Apache Kafka (kwire)")

-- fields ---------------------------------------------------------------------------------------------------------------
local VALUE_STRINGS = { api = API_NAMES, error = ERROR_NAMES }
local P, LABEL = {}, {}
for i, d in ipairs(FIELDS) do
    local abbr, label, t, vs = d[1], d[2], d[3], VALUE_STRINGS[d[4]]
    LABEL[i] = label
    if t == "none" then
        P[i] = ProtoField.none(abbr, label)
    elseif t == "string" then
        P[i] = ProtoField.string(abbr, label)
    elseif t == "bytes" then
        P[i] = ProtoField.bytes(abbr, label)
    elseif t == "bool" then
        P[i] = ProtoField.bool(abbr, label)
    elseif t == "double" then
        P[i] = ProtoField.double(abbr, label)
    else
        P[i] = ProtoField[t](abbr, label, base.DEC, vs)
    end
end

local H = {
    length = ProtoField.int32("kwire.length", "Length"),
    api_key = ProtoField.int16("kwire.api_key", "API Key", base.DEC, API_NAMES),
    api_version = ProtoField.int16("kwire.api_version", "API Version"),
    correlation_id = ProtoField.int32("kwire.correlation_id", "Correlation ID"),
    client_id = ProtoField.string("kwire.client_id", "Client ID"),
    request_in = ProtoField.framenum("kwire.request_in", "Request In", base.NONE, frametype and frametype.REQUEST),
    response_in = ProtoField.framenum("kwire.response_in", "Response In", base.NONE, frametype and frametype.RESPONSE),
    response_time = ProtoField.relative_time("kwire.response_time", "Response Time",
        "Seconds from the request to this response"),
    unknown_tag = ProtoField.bytes("kwire.unknown_tag", "Unknown tagged field"),
    undecoded = ProtoField.bytes("kwire.undecoded", "Undecoded body"),
    sasl_token = ProtoField.bytes("kwire.sasl_token", "SASL token"),
}
local COMPRESSION = { [0] = "none", [1] = "gzip", [2] = "snappy", [3] = "lz4", [4] = "zstd" }
local R = {
    base_offset = ProtoField.int64("kwire.records.base_offset", "baseOffset"),
    batch_length = ProtoField.int32("kwire.records.batch_length", "batchLength"),
    partition_leader_epoch = ProtoField.int32("kwire.records.partition_leader_epoch", "partitionLeaderEpoch"),
    magic = ProtoField.int8("kwire.records.magic", "magic"),
    crc = ProtoField.uint32("kwire.records.crc", "crc", base.HEX),
    crc_computed = ProtoField.uint32("kwire.records.crc_computed", "crc computed (CRC-32C)", base.HEX),
    attributes = ProtoField.uint16("kwire.records.attributes", "attributes", base.HEX),
    compression = ProtoField.uint16("kwire.records.compression", "compression", base.DEC, COMPRESSION, 0x0007),
    timestamp_type = ProtoField.uint16("kwire.records.timestamp_type", "timestampType", base.DEC,
        { [0] = "CreateTime", [1] = "LogAppendTime" }, 0x0008),
    transactional = ProtoField.bool("kwire.records.transactional", "isTransactional", 16, nil, 0x0010),
    control = ProtoField.bool("kwire.records.control", "isControl", 16, nil, 0x0020),
    last_offset_delta = ProtoField.int32("kwire.records.last_offset_delta", "lastOffsetDelta"),
    base_timestamp = ProtoField.int64("kwire.records.base_timestamp", "baseTimestamp"),
    max_timestamp = ProtoField.int64("kwire.records.max_timestamp", "maxTimestamp"),
    producer_id = ProtoField.int64("kwire.records.producer_id", "producerId"),
    producer_epoch = ProtoField.int16("kwire.records.producer_epoch", "producerEpoch"),
    base_sequence = ProtoField.int32("kwire.records.base_sequence", "baseSequence"),
    records_count = ProtoField.int32("kwire.records.records_count", "recordsCount"),
    record = ProtoField.none("kwire.record", "Record"),
    record_length = ProtoField.int32("kwire.record.length", "length"),
    record_attributes = ProtoField.int8("kwire.record.attributes", "attributes"),
    timestamp_delta = ProtoField.int64("kwire.record.timestamp_delta", "timestampDelta"),
    offset_delta = ProtoField.int32("kwire.record.offset_delta", "offsetDelta"),
    key = ProtoField.bytes("kwire.record.key", "key"),
    value = ProtoField.bytes("kwire.record.value", "value"),
    header_key = ProtoField.string("kwire.record.header.key", "header key"),
    header_value = ProtoField.bytes("kwire.record.header.value", "header value"),
}
local all = {}
for _, f in ipairs(P) do all[#all + 1] = f end
for _, f in pairs(H) do all[#all + 1] = f end
for _, f in pairs(R) do all[#all + 1] = f end
kwire.fields = all

-- expert info, by kwire's expert ids --------------------------------------------------------------------------------
local GROUPS = { malformed = expert.group.MALFORMED, truncated = expert.group.MALFORMED,
    sequence = expert.group.SEQUENCE, protocol = expert.group.PROTOCOL, undecoded = expert.group.UNDECODED,
    checksum = expert.group.CHECKSUM, limit = expert.group.PROTOCOL, decryption = expert.group.DECRYPTION }
local SEVERITIES = { error = expert.severity.ERROR, warning = expert.severity.WARN, note = expert.severity.NOTE,
    chat = expert.severity.CHAT }
local E, experts = {}, {}
for _, d in ipairs(EXPERTS) do
    E[d[1]] = ProtoExpert.new(d[1], d[2], GROUPS[d[3]], SEVERITIES[d[4]])
    experts[#experts + 1] = E[d[1]]
end
kwire.experts = experts

kwire.prefs.ports = Pref.range("Broker ports", "9092", "TCP ports of Kafka brokers kwire dissects", 65535)

-- reading the wire ----------------------------------------------------------------------------------------------------
-- c: the frame being dissected: c.tvb, c.raw (its bytes as a Lua string), c.len, c.pinfo

local Problem = {}
local function fail(id, off, text)
    error(setmetatable({ id = id, off = off, text = text }, Problem), 0)
end

-- an error as a Problem: ours as they are, anything else (a range Wireshark refused) as a malformed frame at off
local function problem(err, off)
    if getmetatable(err) == Problem then return err end
    return { id = "kwire.kafka.body.truncated", off = off, text = tostring(err) }
end

local function need(off, n, stop)
    if off + n > stop then
        fail("kwire.kafka.body.truncated", off, format("frame ends inside a field (needed %d bytes at offset %d, %d left)",
            n, off, math.max(0, stop - off)))
    end
end

local function int16(c, o)
    local a, b = sbyte(c.raw, o + 1, o + 2)
    local v = a * 256 + b
    return v >= 32768 and v - 65536 or v
end

local function int32(c, o)
    local a, b, d, e = sbyte(c.raw, o + 1, o + 4)
    local v = ((a * 256 + b) * 256 + d) * 256 + e
    return v >= 2147483648 and v - 4294967296 or v
end

-- an unsigned varint of at most max bytes (5: Kafka's ByteUtils.readUnsignedVarint; 10 for a varlong): value, next
-- offset; failing as item if longer
local function varint(c, o, stop, max, item)
    local v, mul = 0, 1
    for i = 0, max - 1 do
        need(o + i, 1, stop)
        local b = sbyte(c.raw, o + i + 1)
        v = v + (b % 128) * mul
        if b < 128 then return v, o + i + 1 end
        mul = mul * 128
    end
    fail(item, o, "a varint longer than " .. max .. " bytes")
end

local function uvarint(c, o, stop)
    return varint(c, o, stop, 5, "kwire.kafka.body.length_invalid")
end

-- a zig-zag varint or varlong (records, KIP-98): value (a Lua number), next offset
local function varlong(c, o, stop)
    local v, n = varint(c, o, stop, 10, "kwire.kafka.records.field_malformed")
    if v % 2 == 0 then return v / 2, n end
    return -(v + 1) / 2, n
end

-- Kafka's Uuid.toString: URL-safe base64 of the 16 bytes, no padding
local B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
local function uuid_text(c, o)
    local out = {}
    for i = o, o + 15, 3 do
        local a, b, d = sbyte(c.raw, i + 1, math.min(i + 3, o + 16))
        local n = a * 65536 + (b or 0) * 256 + (d or 0)
        for k = 1, (b == nil and 2 or (d == nil and 3 or 4)) do
            local six = floor(n / 2 ^ (18 - 6 * (k - 1))) % 64
            out[#out + 1] = B64:sub(six + 1, six + 1)
        end
    end
    return table.concat(out)
end

-- CRC-32C (Castagnoli, reflected polynomial 0x82F63B78), as RecordBatch v2 checks it (KIP-98). Table-driven
-- (Sarwate), with the CRC kept as four bytes and XOR of two bytes looked up (X), so that the loop over a batch's bytes
-- is table lookups only: bit32 calls per byte made it the plugin's main cost.
-- XOR of two numbers of n bits, in arithmetic: the same in Lua 5.2 (bit32), 5.3 and 5.4 (operators), whichever
-- Wireshark embeds; used only to build the tables
local function xor(a, b, n)
    local r, m = 0, 1
    for _ = 1, n do
        if a % 2 ~= b % 2 then r = r + m end
        a, b, m = floor(a / 2), floor(b / 2), m * 2
    end
    return r
end
local X, T0, T1, T2, T3 = {}, {}, {}, {}, {}
for a = 0, 255 do
    for b = 0, 255 do X[a * 256 + b] = xor(a, b, 8) end
    local r = a
    for _ = 1, 8 do
        if r % 2 == 1 then r = xor(floor(r / 2), 0x82F63B78, 32) else r = floor(r / 2) end
    end
    T0[a], T1[a], T2[a], T3[a] = r % 256, floor(r / 256) % 256, floor(r / 65536) % 256, floor(r / 16777216)
end
local function crc32c(s, from, to)
    local c0, c1, c2, c3 = 255, 255, 255, 255
    local i = from
    while i + 3 <= to do
        local b0, b1, b2, b3 = sbyte(s, i, i + 3)
        local k = X[c0 * 256 + b0]
        c0, c1, c2, c3 = X[c1 * 256 + T0[k]], X[c2 * 256 + T1[k]], X[c3 * 256 + T2[k]], T3[k]
        k = X[c0 * 256 + b1]
        c0, c1, c2, c3 = X[c1 * 256 + T0[k]], X[c2 * 256 + T1[k]], X[c3 * 256 + T2[k]], T3[k]
        k = X[c0 * 256 + b2]
        c0, c1, c2, c3 = X[c1 * 256 + T0[k]], X[c2 * 256 + T1[k]], X[c3 * 256 + T2[k]], T3[k]
        k = X[c0 * 256 + b3]
        c0, c1, c2, c3 = X[c1 * 256 + T0[k]], X[c2 * 256 + T1[k]], X[c3 * 256 + T2[k]], T3[k]
        i = i + 4
    end
    for j = i, to do
        local k = X[c0 * 256 + sbyte(s, j)]
        c0, c1, c2, c3 = X[c1 * 256 + T0[k]], X[c2 * 256 + T1[k]], X[c3 * 256 + T2[k]], T3[k]
    end
    return (255 - c0) + (255 - c1) * 256 + (255 - c2) * 65536 + (255 - c3) * 16777216
end

-- records: RecordBatch v2 (KIP-98) with its records when uncompressed; legacy message sets by their header ---------
local function read_record(c, tree, o, stop)
    local len, p = varlong(c, o, stop)
    if len < 1 then fail("kwire.kafka.records.field_malformed", o, "record length " .. len) end
    need(p, len, stop)
    local item = tree:add(R.record, c.tvb(o, p - o + len))
    item:add(R.record_length, c.tvb(o, p - o), len)
    local e = p + len
    item:add(R.record_attributes, c.tvb(p, 1))
    local q = p + 1
    local v, n = varlong(c, q, e)
    item:add(R.timestamp_delta, c.tvb(q, n - q), Int64(v))
    q = n
    v, n = varlong(c, q, e)
    item:add(R.offset_delta, c.tvb(q, n - q), v)
    for _, f in ipairs({ R.key, R.value }) do
        q = n
        v, n = varlong(c, q, e)
        if v >= 0 then
            need(n, v, e)
            item:add(f, c.tvb(n, v))
            n = n + v
        end
    end
    local headers
    headers, n = varlong(c, n, e)
    for _ = 1, headers do
        local kl, vl
        q = n
        kl, n = varlong(c, q, e)
        need(n, math.max(kl, 0), e)
        item:add(R.header_key, c.tvb(n, math.max(kl, 0)), kl > 0 and c.tvb(n, kl):string(ENC_UTF_8) or "")
        n = n + math.max(kl, 0)
        q = n
        vl, n = varlong(c, q, e)
        if vl >= 0 then
            need(n, vl, e)
            item:add(R.header_value, c.tvb(n, vl))
            n = n + vl
        end
    end
    if n ~= e then
        fail("kwire.kafka.records.field_malformed", n, format("record ends at %d, its length says %d", n, e))
    end
    return e
end

-- a batch's count records from p to e (of c: the frame, or a decompressed payload); a malformed record ends them,
-- not the body: the next batch and the rest of the body go on
local function read_batch_records(c, item, p, e, count)
    local ok, err = pcall(function()
        for _ = 1, math.min(count, e - p) do
            p = read_record(c, item, p, e)
        end
    end)
    if not ok then
        err = problem(err, p)
        item:add_proto_expert_info(E["kwire.kafka.records.field_malformed"], err.text .. " (offset " .. err.off .. ")")
    end
end

local function read_batch(c, tree, o, stop)
    local length = int32(c, o + 8)
    local e = o + 12 + length
    local item = tree:add(c.tvb(o, math.max(12, math.min(e, stop) - o)), "Record batch")
    item:add(R.base_offset, c.tvb(o, 8))
    item:add(R.batch_length, c.tvb(o + 8, 4))
    if length < 49 then
        item:add_proto_expert_info(E["kwire.kafka.records.field_malformed"], "batchLength " .. length .. " is too small")
        return stop
    end
    if e > stop then
        item:add_proto_expert_info(E["kwire.kafka.records.partial_batch"],
            format("a batch of %d bytes cut short after %d (a fetch size limit)", 12 + length, stop - o))
        return stop
    end
    item:add(R.partition_leader_epoch, c.tvb(o + 12, 4))
    item:add(R.magic, c.tvb(o + 16, 1))
    local crc = c.tvb(o + 17, 4):uint()
    local computed = crc32c(c.raw, o + 22, e)
    local crc_item = item:add(R.crc, c.tvb(o + 17, 4))
    local computed_item = item:add(R.crc_computed, c.tvb(o + 17, 4), computed)
    computed_item:set_generated()
    if computed ~= crc then
        crc_item:add_proto_expert_info(E["kwire.kafka.records.crc_invalid"],
            format("CRC-32C 0x%08x stored, 0x%08x computed over the batch", crc, computed))
    end
    local attributes = c.tvb(o + 21, 2)
    local a = item:add(R.attributes, attributes)
    a:add(R.compression, attributes)
    a:add(R.timestamp_type, attributes)
    a:add(R.transactional, attributes)
    a:add(R.control, attributes)
    item:add(R.last_offset_delta, c.tvb(o + 23, 4))
    item:add(R.base_timestamp, c.tvb(o + 27, 8))
    item:add(R.max_timestamp, c.tvb(o + 35, 8))
    item:add(R.producer_id, c.tvb(o + 43, 8))
    item:add(R.producer_epoch, c.tvb(o + 51, 2))
    item:add(R.base_sequence, c.tvb(o + 53, 4))
    item:add(R.records_count, c.tvb(o + 57, 4))
    local count = int32(c, o + 57)
    local codec = attributes:uint() % 8
    if codec == 0 then
        read_batch_records(c, item, o + 61, e, count)
    elseif codec == 1 then -- gzip: Wireshark decompresses it (as a new data source); snappy, lz4, zstd it cannot from Lua
        local ok, u = pcall(function() return c.tvb(o + 61, e - o - 61):uncompress("Decompressed records (gzip)") end)
        if ok and u then
            local t = u:tvb()
            read_batch_records({ tvb = t, raw = t:raw(), len = t:len(), pinfo = c.pinfo }, item, 0, t:len(), count)
        else
            item:add_proto_expert_info(E["kwire.kafka.records.field_malformed"], "gzip payload that does not decompress")
        end
    else
        item:add(c.tvb(o + 61, e - o - 61), format("%d records, %s-compressed (%d bytes)", count,
            COMPRESSION[codec] or "unknown", e - o - 61))
    end
    return e
end

local function read_records(c, tree, o, stop)
    while o < stop do
        if stop - o < 17 then
            tree:add_proto_expert_info(E["kwire.kafka.records.partial_batch"], (stop - o) .. " bytes after the last batch")
            return
        end
        local magic = sbyte(c.raw, o + 17)
        if magic == 2 then
            o = read_batch(c, tree, o, stop)
        elseif magic == 0 or magic == 1 then
            local size = int32(c, o + 8)
            local e = math.min(o + 12 + math.max(size, 0), stop)
            local item = tree:add(c.tvb(o, e - o), "Message (magic " .. magic .. ")")
            item:add(R.base_offset, c.tvb(o, 8))
            item:add(R.batch_length, c.tvb(o + 8, 4))
            item:add(R.crc, c.tvb(o + 12, 4))
            item:add(R.magic, c.tvb(o + 16, 1))
            if size < 14 then return end
            o = e
        else
            tree:add_proto_expert_info(E["kwire.kafka.records.magic_unknown"], "magic " .. magic)
            return
        end
    end
end

-- the schema interpreter ----------------------------------------------------------------------------------------------
local read_struct

-- a length-prefixed string, bytes or records: its length (-1 for null) and where its data starts
local function length_prefix(c, o, stop, kind, flags)
    local len, start
    if flags >= 2 then
        len, start = uvarint(c, o, stop)
        len = len - 1
    elseif kind == STRING then
        need(o, 2, stop)
        len, start = int16(c, o), o + 2
    else
        need(o, 4, stop)
        len, start = int32(c, o), o + 4
    end
    if len < -1 then
        fail("kwire.kafka.body.length_invalid", o, "invalid length " .. len)
    end
    if len > stop - start then
        fail("kwire.kafka.body.truncated", o, format("length %d is beyond the end of the frame (%d bytes left)", len,
            stop - start))
    end
    return len, start
end

-- one value of a primitive kind in field f: the next offset
local function read_value(c, tree, o, stop, kind, f, flags)
    local size = FIXED[kind]
    if size then
        need(o, size, stop)
        if kind == UUID then
            tree:add(P[f], c.tvb(o, 16), uuid_text(c, o))
        else
            tree:add(P[f], c.tvb(o, size))
        end
        return o + size
    end
    local len, start = length_prefix(c, o, stop, kind, flags)
    if len < 0 then
        tree:add(c.tvb(o, start - o), LABEL[f] .. ": null")
        return start
    end
    local range = c.tvb(start, len)
    if kind == STRING then
        tree:add(P[f], range, len > 0 and range:string(ENC_UTF_8) or "")
    else
        local item = tree:add(P[f], range)
        if kind == RECORDS and len > 0 then
            read_records(c, item, start, start + len)
        end
    end
    return start + len
end

-- one field of a layout entry e = {kind, field, flags, tag, struct, elementKind}: the next offset
local function read_field(c, tree, o, stop, e)
    local kind, f, flags = e[1], e[2], e[3]
    if kind == STRUCT then
        if flags % 2 == 1 then
            need(o, 1, stop)
            if sbyte(c.raw, o + 1) >= 128 then
                tree:add(c.tvb(o, 1), LABEL[f] .. ": null")
                return o + 1
            end
            local item = tree:add(P[f], c.tvb(o, 1))
            local n = read_struct(c, item, o + 1, stop, e[5])
            item:set_len(n - o)
            return n
        end
        local item = tree:add(P[f], c.tvb(o, 0))
        local n = read_struct(c, item, o, stop, e[5])
        item:set_len(n - o)
        return n
    elseif kind ~= ARRAY then
        return read_value(c, tree, o, stop, kind, f, flags)
    end
    local count, start
    if flags >= 2 then
        count, start = uvarint(c, o, stop)
        count = count - 1
    else
        need(o, 4, stop)
        count, start = int32(c, o), o + 4
    end
    if count < 0 then
        if count < -1 then fail("kwire.kafka.body.length_invalid", o, "invalid array length " .. count) end
        tree:add(c.tvb(o, start - o), LABEL[f] .. ": null")
        return start
    end
    local element = e[6]
    if count * math.max(1, FIXED[element] or 1) > stop - start then
        fail("kwire.kafka.body.truncated", o, format("%d elements cannot fit in the %d bytes left", count, stop - start))
    end
    local n = start
    if element == STRUCT then
        local array = tree:add(P[f], c.tvb(o, start - o))
        array:append_text(" (" .. count .. ")")
        for i = 1, count do
            local el = array:add(c.tvb(n, 0), LABEL[f] .. " [" .. (i - 1) .. "]")
            local m = read_struct(c, el, n, stop, e[5])
            el:set_len(m - n)
            n = m
        end
        array:set_len(n - o)
    else
        local array = tree:add(c.tvb(o, start - o), LABEL[f] .. " (" .. count .. ")")
        for _ = 1, count do
            n = read_value(c, array, n, stop, element, f, flags)
        end
        array:set_len(n - o)
    end
    return n
end

local TAGS = {} -- per layout: tag -> entry
for i, layout in ipairs(LAYOUTS) do
    local tags = {}
    for k = 2, #layout do
        if layout[k][4] >= 0 then tags[layout[k][4]] = layout[k] end
    end
    TAGS[i] = tags
end

-- the tagged-field section of a flexible struct (KIP-482): the next offset
local function read_tagged(c, tree, o, stop, s)
    local count, n = uvarint(c, o, stop)
    if count > stop - n then
        fail("kwire.kafka.body.truncated", o, format("tagged field count %d cannot fit in the %d bytes left", count,
            stop - n))
    end
    for _ = 1, count do
        local at = n
        local tag, size
        tag, n = uvarint(c, n, stop)
        size, n = uvarint(c, n, stop)
        need(n, size, stop)
        local e = TAGS[s][tag]
        if e then
            local ok, err = pcall(read_field, c, tree, n, n + size, e)
            if not ok then
                if getmetatable(err) ~= Problem then error(err, 0) end
                fail("kwire.kafka.body.tagged_field_overrun", at, "tagged field " .. LABEL[e[2]] .. " overruns its size")
            end
        else
            local item = tree:add(H.unknown_tag, c.tvb(n, size))
            item:append_text(" (tag " .. tag .. ", " .. size .. " bytes)")
            item:add_proto_expert_info(E["kwire.kafka.body.unknown_tag"], "tagged field " .. tag .. " this version does not define")
        end
        n = n + size
    end
    return n
end

read_struct = function(c, tree, o, stop, s)
    local layout = LAYOUTS[s]
    for k = 2, #layout do
        local e = layout[k]
        if e[4] < 0 then o = read_field(c, tree, o, stop, e) end
    end
    if layout[1] then o = read_tagged(c, tree, o, stop, s) end
    return o
end

-- request/response matching -----------------------------------------------------------------------------------------
-- a connection: its client and broker endpoints (not tcp.stream: fields are not there on tshark's first pass)
local function connection(pinfo, request)
    if request then
        return tostring(pinfo.src) .. ":" .. pinfo.src_port .. ">" .. tostring(pinfo.dst) .. ":" .. pinfo.dst_port
    end
    return tostring(pinfo.dst) .. ":" .. pinfo.dst_port .. ">" .. tostring(pinfo.src) .. ":" .. pinfo.src_port
end

-- seconds as an NSTime (from the capture-relative times, which keep nanoseconds in a double)
local function nstime(seconds)
    local s = floor(seconds)
    local ns = floor((seconds - s) * 1e9 + 0.5)
    if ns >= 1e9 then s, ns = s + 1, ns - 1e9 end
    return NSTime.new(s, ns)
end

local pending = {}  -- first pass: [connection] = { [correlation_id] = request }
local sasl = {}     -- first pass: [connection] = { first = bool, active = bool, due = client tokens unanswered }
local tokens = {}   -- [frame .. "#" .. index of the Kafka frame in it] = true for a SASL token
local exchanges = {} -- [frame .. ":" .. correlation_id .. ":" .. direction] = request or response as matched

local register_ports
function kwire.init()
    pending, exchanges, sasl, tokens = {}, {}, {}, {}
    register_ports()
end

local function request_seen(pinfo, corr, key, version)
    local id = pinfo.number .. ":" .. corr .. ":q"
    if not pinfo.visited and not exchanges[id] then
        local stream = connection(pinfo, true)
        local r = { frame = pinfo.number, key = key, version = version, time = pinfo.rel_ts }
        pending[stream] = pending[stream] or {}
        pending[stream][corr] = r
        exchanges[id] = r
    end
    return exchanges[id]
end

local function response_seen(pinfo, corr)
    local id = pinfo.number .. ":" .. corr .. ":r"
    if not pinfo.visited and not exchanges[id] then
        local stream = connection(pinfo, false)
        local r = pending[stream] and pending[stream][corr]
        if r then
            pending[stream][corr] = nil
            r.response = pinfo.number
            exchanges[id] = { frame = r.frame, key = r.key, version = r.version, time = nstime(pinfo.rel_ts - r.time) }
        else
            exchanges[id] = { frame = nil }
        end
    end
    return exchanges[id]
end

-- SASL tokens without a Kafka header (KIP-43 after a SaslHandshake v0 response with no error; KIP-12's GSSAPI flow,
-- whose first client frame is a GSS-API token, RFC 2743 section 3.1), by kwire's rule: client frames are tokens until
-- one reads as a request header again; a broker frame is a token while a client token is unanswered and it answers
-- no pending request. Decided on the first pass, per frame and place in it.
local pdu_index = 0

-- the first 14 bytes read as a plausible request header (kwire's HeaderDecoder.looksLikeRequest)
local function request_like(c)
    if c.len < 14 then return false end
    local key, version = int16(c, 4), int16(c, 6)
    if not (MESSAGES[key] and MESSAGES[key][1][version]) then return false end
    if key == 7 and version == 0 then return true end
    local client_id = int16(c, 12)
    return client_id >= -1 and client_id <= c.len - 14
end

-- a GSS-API initial context token: tag 0x60, a DER length covering the rest of the frame, then an OID (tag 0x06)
local function gssapi_token(c)
    if c.len < 7 or sbyte(c.raw, 5) ~= 0x60 then return false end
    local first = sbyte(c.raw, 6)
    local n, length = 0, first
    if first >= 0x80 then
        n, length = first - 0x80, 0
        if n == 0 or n > 4 or c.len < 7 + n then return false end
        for i = 1, n do length = length * 256 + sbyte(c.raw, 6 + i) end
    end
    return c.len - 4 == 2 + n + length and length >= 2 and sbyte(c.raw, 7 + n) == 0x06
end

local function sasl_token(c, pinfo, request)
    local id = pinfo.number .. "#" .. pdu_index
    if pinfo.visited or tokens[id] ~= nil then return tokens[id] end
    local conn = connection(pinfo, request)
    local st = sasl[conn]
    if not st then
        st = { first = true, active = false, due = 0 }
        sasl[conn] = st
    end
    local token = false
    if request then
        if st.first and gssapi_token(c) then st.active = true end
        st.first = false
        if st.active then
            if request_like(c) then st.active = false else token = true; st.due = st.due + 1 end
        end
    elseif st.due > 0 then
        local corr = c.len >= 8 and int32(c, 4)
        if corr and pending[conn] and pending[conn][corr] then st.due = 0 else token = true; st.due = st.due - 1 end
    end
    tokens[id] = token
    return token
end

-- after a response: a SaslHandshake v0 response with error code 0 starts the token exchange
local function after_response(c, pinfo, key, version)
    if not pinfo.visited and key == 17 and version == 0 and c.len >= 10 and int16(c, 8) == 0 then
        local st = sasl[connection(pinfo, false)]
        if st then st.active = true end
    end
end

-- one Kafka frame -----------------------------------------------------------------------------------------------------
local function body(c, tree, o, key, version, direction)
    local api = MESSAGES[key]
    local s = api and api[direction][version]
    if not s then
        local item = tree:add(H.undecoded, c.tvb(o, c.len - o))
        if not api then
            item:add_proto_expert_info(E["kwire.kafka.request.api_key_unknown"], "api_key " .. key .. " no known Kafka release defines")
        else
            item:add_proto_expert_info(E["kwire.kafka.request.version_unknown"], API_NAMES[key] .. " v" .. version
                .. " no known Kafka release defines; body not decoded")
        end
        return
    end
    local name = (direction == 1 and " Request" or " Response")
    local item = tree:add(c.tvb(o, c.len - o), API_NAMES[key] .. name .. " v" .. version)
    local ok, err = pcall(read_struct, c, item, o, c.len, s)
    if not ok then
        err = problem(err, o)
        item:add_proto_expert_info(E[err.id], err.text .. " (offset " .. err.off .. ")")
    elseif err < c.len then
        item:add_proto_expert_info(E["kwire.kafka.body.trailing_bytes"], (c.len - err) .. " bytes after the end of the body")
    end
end

local function flexible(key, direction, version)
    local api = MESSAGES[key]
    local s = api and api[direction][version]
    return s ~= nil and LAYOUTS[s][1]
end

local function skip_header_tags(c, o)
    local count, n = uvarint(c, o, c.len)
    for _ = 1, count do
        local size
        _, n = uvarint(c, n, c.len)
        size, n = uvarint(c, n, c.len)
        n = n + size
    end
    return n
end

local info_started = false
local function info(pinfo, text)
    if info_started then
        pinfo.cols.info:append(", " .. text)
    else
        pinfo.cols.info:set(text)
        info_started = true
    end
end

local function dissect_frame(tvb, pinfo, root)
    local c = { tvb = tvb, raw = tvb:raw(), len = tvb:len(), pinfo = pinfo }
    local request = pinfo.dst_port == pinfo.match_uint
    local tree = root:add(kwire, tvb())
    tree:add(H.length, tvb(0, 4))
    pinfo.cols.protocol = "Kafka"
    if tvb(0, 4):int() < 0 then
        tree:add_proto_expert_info(E["kwire.kafka.frame.size_invalid"], "size prefix " .. tvb(0, 4):int()
            .. ": no frame can have it; the rest of the segment is not dissected")
        return
    end
    pdu_index = pdu_index + 1
    if sasl_token(c, pinfo, request) then
        tree:add(H.sasl_token, tvb(4, c.len - 4)):add_proto_expert_info(E["kwire.kafka.sasl.token"],
            "SASL token of " .. c.len .. " bytes from the " .. (request and "client" or "broker") .. ", without a Kafka header")
        tree:append_text(", SASL token")
        info(pinfo, "SASL token")
        return
    end
    local ok, err = pcall(function()
        if request then
            need(4, 8, c.len)
            local key, version, corr = int16(c, 4), int16(c, 6), int32(c, 8)
            tree:add(H.api_key, tvb(4, 2))
            tree:add(H.api_version, tvb(6, 2))
            tree:add(H.correlation_id, tvb(8, 4))
            local o = 12
            if not (key == 7 and version == 0) then
                need(o, 2, c.len)
                local len = int16(c, o)
                if len >= 0 then
                    need(o + 2, len, c.len)
                    tree:add(H.client_id, tvb(o + 2, len), len > 0 and tvb(o + 2, len):string(ENC_UTF_8) or "")
                end
                o = o + 2 + math.max(len, 0)
                if flexible(key, 1, version) then o = skip_header_tags(c, o) end
            end
            local r = request_seen(pinfo, corr, key, version)
            if r.response then
                tree:add(H.response_in, tvb(0, 0), r.response):set_generated()
            end
            local name = API_NAMES[key] or ("Unknown(" .. key .. ")")
            tree:append_text(", " .. name .. " v" .. version .. " Request")
            info(pinfo, format("%s v%d Request (correlation_id %d)", name, version, corr))
            body(c, tree, o, key, version, 1)
        else
            need(4, 4, c.len)
            local corr = int32(c, 4)
            tree:add(H.correlation_id, tvb(4, 4))
            local r = response_seen(pinfo, corr)
            if not r.frame then
                tree:add_proto_expert_info(E["kwire.kafka.response.no_request"],
                    "no request with correlation_id " .. corr .. " seen on this stream: the body cannot be decoded")
                info(pinfo, format("Response (correlation_id %d)", corr))
                return
            end
            tree:add(H.request_in, tvb(0, 0), r.frame):set_generated()
            tree:add(H.response_time, tvb(0, 0), r.time):set_generated()
            local o = 8
            if r.key ~= 18 and flexible(r.key, 2, r.version) then o = skip_header_tags(c, o) end
            local name = API_NAMES[r.key]
            tree:append_text(", " .. name .. " v" .. r.version .. " Response")
            info(pinfo, format("%s v%d Response (correlation_id %d)", name, r.version, corr))
            body(c, tree, o, r.key, r.version, 2)
            after_response(c, pinfo, r.key, r.version)
        end
    end)
    if not ok then
        err = problem(err, 0)
        tree:add_proto_expert_info(E[err.id], err.text .. " (offset " .. err.off .. ")")
    end
end

-- a frame's length from its size prefix; a negative size (no frame can have one) takes the rest of the segment, for
-- dissect_frame to note
local function frame_length(tvb, pinfo, offset)
    local size = tvb(offset, 4):int()
    if size < 0 then return tvb:len() - offset end
    return size + 4
end

function kwire.dissector(tvb, pinfo, tree)
    info_started = false
    pdu_index = 0
    dissect_tcp_pdus(tvb, tree, 4, frame_length, dissect_frame)
    return tvb:len()
end

-- broker ports: the preference (default 9092), or Decode As / tshark -d tcp.port==N,kwire --------------------------
-- Registered when a capture is opened (kwire.init), after every built-in dissector took its ports, so that the
-- preference's ports are kwire's rather than the built-in kafka dissector's; an emptied preference frees them (the
-- built-in dissector takes 9092 again at the next start).
local registered = nil
register_ports = function()
    local tcp = DissectorTable.get("tcp.port")
    if registered then tcp:remove(registered, kwire) end
    registered = kwire.prefs.ports
    if registered and tostring(registered) ~= "" then tcp:add(registered, kwire) end
end
kwire.prefs_changed = register_ports
DissectorTable.get("tcp.port"):add_for_decode_as(kwire)
