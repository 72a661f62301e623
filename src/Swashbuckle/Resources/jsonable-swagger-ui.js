// Jsonable for Swagger UI (served inline by SwaggerUIOptions.EnableJsonable(); no network access).
// JMC1 (application/jsonc+jmc1) is bytes, not text: a length comment is "/*", n + 0x130 as uint16 little-endian,
// "*/", and its two middle bytes can be anything. So a JMC1 response is read as bytes and shown with its header and
// hints spelled out (/*JMC1*/{ /*n=8*/"metadata": ...), Download saves the bytes received, and a JMC1 request body
// typed as JSON (or as that readable form) is sent as real JMC1 with hints computed afresh.
(function (global) {
  "use strict";

  var JMC1 = "application/jsonc+jmc1";
  var MAX_HINT = 32207;   // larger lengths carry no hint
  var UNSAFE_HINT = 11770; // its bytes would read "*/": never written
  var received = {};       // response url -> { bytes, contentType, href }

  function isJmc1(contentType) {
    return typeof contentType === "string" && contentType.trim().toLowerCase().indexOf(JMC1) === 0;
  }

  function headerValue(headers, name) {
    if (!headers) return undefined;
    for (var key in headers) {
      if (Object.prototype.hasOwnProperty.call(headers, key) && key.toLowerCase() === name) return headers[key];
    }
    return undefined;
  }

  // ---- bytes -> readable text -------------------------------------------------------------------------------

  function toReadable(bytes) {
    var decoder = new TextDecoder("utf-8", { fatal: false });
    var out = [];
    var depth = 0;
    var i = 0;
    var length = bytes.length;
    function newLine() { out.push("\n" + "  ".repeat(depth)); }
    while (i < length) {
      var b = bytes[i];
      if (b === 0x2F && bytes[i + 1] === 0x2A) {
        if (i + 8 <= length && bytes[i + 2] === 0x4A && bytes[i + 3] === 0x4D && bytes[i + 4] === 0x43 &&
            bytes[i + 5] === 0x31 && bytes[i + 6] === 0x2A && bytes[i + 7] === 0x2F) {
          out.push("/*JMC1*/");
          i += 8;
          continue;
        }
        if (i + 6 <= length && bytes[i + 4] === 0x2A && bytes[i + 5] === 0x2F) {
          out.push("/*n=" + ((bytes[i + 2] | (bytes[i + 3] << 8)) - 0x130) + "*/");
          i += 6;
          continue;
        }
        throw new Error("a comment that is neither the JMC1 header nor a length at byte " + i);
      }
      if (b === 0x22) {
        var start = i++;
        while (i < length && bytes[i] !== 0x22) i += bytes[i] === 0x5C ? 2 : 1;
        i++;
        out.push(decoder.decode(bytes.subarray(start, i)));
        continue;
      }
      if (b === 0x7B || b === 0x5B) {
        out.push(String.fromCharCode(b));
        i++;
        if (bytes[i] === 0x7D || bytes[i] === 0x5D) {
          out.push(String.fromCharCode(bytes[i++]));
          continue;
        }
        depth++;
        newLine();
        continue;
      }
      if (b === 0x7D || b === 0x5D) {
        depth--;
        newLine();
        out.push(String.fromCharCode(b));
        i++;
        continue;
      }
      if (b === 0x2C) { out.push(","); i++; newLine(); continue; }
      if (b === 0x3A) { out.push(": "); i++; continue; }
      var run = i;
      while (i < length && [0x2C, 0x3A, 0x7B, 0x7D, 0x5B, 0x5D, 0x22, 0x2F].indexOf(bytes[i]) < 0) i++;
      if (i === run) i++;
      out.push(decoder.decode(bytes.subarray(run, i)));
    }
    return out.join("");
  }

  // ---- JSON or readable JMC1 text -> JMC1 bytes -------------------------------------------------------------

  function parseText(text) {
    var i = 0;
    var literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
    function fail(expected) { throw new Error("expected " + expected + " at character " + i); }
    function skip() {
      for (;;) {
        while (i < text.length && /\s/.test(text[i])) i++;
        if (text.startsWith("/*", i)) {
          var end = text.indexOf("*/", i + 2);
          if (end < 0) fail("*/");
          i = end + 2;
        } else if (text.startsWith("//", i)) {
          var eol = text.indexOf("\n", i);
          i = eol < 0 ? text.length : eol + 1;
        } else {
          return;
        }
      }
    }
    function expect(c) { skip(); if (text[i] !== c) fail("'" + c + "'"); i++; }
    function value() {
      skip();
      var c = text[i];
      if (c === "{" || c === "[") {
        var isObject = c === "{";
        var close = isObject ? "}" : "]";
        var items = [];
        i++;
        skip();
        if (text[i] === close) { i++; return { kind: isObject ? "object" : "array", items: items }; }
        for (;;) {
          if (isObject) {
            var name = value();
            if (name.kind !== "string") fail("a member name");
            expect(":");
            items.push([name, value()]);
          } else {
            items.push(value());
          }
          skip();
          if (text[i] === ",") { i++; continue; }
          expect(close);
          return { kind: isObject ? "object" : "array", items: items };
        }
      }
      if (c === "\"") {
        var start = i++;
        while (i < text.length && text[i] !== "\"") i += text[i] === "\\" ? 2 : 1;
        if (i >= text.length) fail("the end of a string");
        i++;
        return { kind: "string", raw: text.slice(start, i) };
      }
      literal.lastIndex = i;
      var match = literal.exec(text);
      if (!match) fail("a value");
      i += match[0].length;
      return { kind: "literal", raw: match[0] };
    }
    var root = value();
    skip();
    if (i < text.length) fail("the end of the document");
    return root;
  }

  function toJmc1(text) {
    var encoder = new TextEncoder();
    var out = [];
    function ascii(s) { for (var k = 0; k < s.length; k++) out.push(s.charCodeAt(k)); }
    function hint(n) {
      if (n > MAX_HINT || n === UNSAFE_HINT) return;
      var v = n + 0x130;
      out.push(0x2F, 0x2A, v & 0xFF, v >> 8, 0x2A, 0x2F);
    }
    function string(raw) {
      var escaped = JSON.stringify(JSON.parse(raw)); // the writer's escaping: short forms, \u00XX, non-ASCII raw
      var content = encoder.encode(escaped.slice(1, -1));
      hint(content.length);
      out.push(0x22);
      for (var k = 0; k < content.length; k++) out.push(content[k]);
      out.push(0x22);
    }
    function write(node, isRoot) {
      switch (node.kind) {
        case "object":
          if (!isRoot) ascii("/*JMC1*/");
          out.push(0x7B);
          node.items.forEach(function (member, index) {
            if (index > 0) out.push(0x2C);
            string(member[0].raw);
            out.push(0x3A);
            write(member[1], false);
          });
          out.push(0x7D);
          break;
        case "array":
          hint(node.items.length);
          out.push(0x5B);
          node.items.forEach(function (item, index) {
            if (index > 0) out.push(0x2C);
            write(item, false);
          });
          out.push(0x5D);
          break;
        case "string":
          string(node.raw);
          break;
        default:
          ascii(node.raw);
      }
    }
    ascii("/*JMC1*/");
    write(parseText(text), true);
    return Uint8Array.from(out);
  }

  // ---- Swagger UI hooks -------------------------------------------------------------------------------------

  function requestInterceptor(request) {
    if (isJmc1(headerValue(request.headers, "content-type")) && typeof request.body === "string") {
      try {
        request.body = toJmc1(request.body);
      } catch (e) {
        // Not JSON: send it as typed, and let the server's 400 say where it breaks.
        console.warn("Jsonable: the body is sent as typed: " + e.message);
      }
    }
    return request;
  }

  function responseInterceptor(response) {
    var contentType = headerValue(response.headers, "content-type");
    if (!isJmc1(contentType) || !response.data || typeof response.data.arrayBuffer !== "function") {
      return response;
    }
    return response.data.arrayBuffer().then(function (buffer) {
      var bytes = new Uint8Array(buffer);
      var readable;
      try {
        readable = toReadable(bytes);
      } catch (e) {
        readable = "(" + bytes.length + " bytes that are not a JMC1 document: " + e.message + ")";
      }
      received[response.url] = { bytes: bytes, contentType: contentType, href: null };
      // A string, not the Blob: Swagger UI stores a Blob body as-is and then tries to parse it as JSON.
      response.text = readable;
      response.data = readable;
      response.body = undefined;
      response.obj = undefined;
      return response;
    });
  }

  function fileName(url) {
    var path = String(url || "response").split(/[?#]/)[0];
    var last = path.substring(path.lastIndexOf("/") + 1) || "response";
    return last + ".jmc1";
  }

  function plugin(system) {
    var React = system.React;
    return {
      wrapComponents: {
        responseBody: function (Original) {
          return function (props) {
            if (!isJmc1(props.contentType)) return React.createElement(Original, props);
            var stored = received[props.url];
            var children = [
              React.createElement("h5", { key: "title" }, "Response body (JMC1: length comments shown as /*n=…*/)"),
              React.createElement("pre", { key: "text", className: "microlight jsonable-jmc1" }, String(props.content))
            ];
            if (stored) {
              stored.href = stored.href || URL.createObjectURL(new Blob([stored.bytes], { type: stored.contentType }));
              children.push(React.createElement(
                "a",
                { key: "download", href: stored.href, download: fileName(props.url), className: "jsonable-jmc1-download" },
                "Download (" + stored.bytes.length + " bytes as received)"));
            }
            return React.createElement("div", { className: "jsonable-jmc1-body" }, children);
          };
        }
      },
      // Request examples for JMC1 are shown in the readable form too (the request interceptor sends them as bytes):
      // Swagger UI builds the example text for a media type with fn.getSampleSchema, so the JMC1 one is converted.
      afterLoad: function (loaded) {
        var fn = loaded.fn;
        var original = fn && fn.getSampleSchema;
        if (typeof original !== "function" || original.jsonable) return;
        var readable = function (schema, contentType) {
          var sample = original.apply(this, arguments);
          if (!isJmc1(contentType) || typeof sample !== "string") return sample;
          try {
            return toReadable(toJmc1(sample));
          } catch (e) {
            return sample;
          }
        };
        readable.jsonable = true;
        fn.getSampleSchema = readable;
      }
    };
  }

  global.JsonableSwaggerUI = {
    plugin: plugin,
    requestInterceptor: requestInterceptor,
    responseInterceptor: responseInterceptor,
    toReadable: toReadable,
    toJmc1: toJmc1
  };
})(window);
