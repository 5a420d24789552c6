// The YAML parser, loaded with the first YAML eval file. Imported here statically, so the
// bundle gives its named exports to the dynamic import (yaml is CommonJS for Node: a
// dynamic import of the package itself would give only its default export).
export { Document, isSeq, parse, parseDocument, YAMLParseError } from 'yaml';
