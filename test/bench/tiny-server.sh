#!/usr/bin/env bash
# A minimal stdio MCP server in bash: it starts in milliseconds, so timing twenty of
# them measures the client's concurrency, not twenty Node start-ups on two cores.
while IFS= read -r line; do
  [[ $line =~ \"id\":([0-9]+) ]] || continue
  id=${BASH_REMATCH[1]}
  [[ $line =~ \"method\":\"([^\"]+)\" ]] || continue
  case ${BASH_REMATCH[1]} in
    initialize) result='{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"tiny","version":"1.0.0"}}' ;;
    tools/list) result='{"tools":[{"name":"noop","inputSchema":{"type":"object"}}]}' ;;
    ping) result='{}' ;;
    *) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"Method not found"}}\n' "$id"; continue ;;
  esac
  printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$id" "$result"
done
