import type { RegistryArgument, RegistryInput, RegistryKeyValue, RegistryRemote, RegistryServer } from './server-json.js';

/** Which way of running a server was chosen: one of its packages, or one of its remotes. */
export type RegistryChoice = { kind: 'package'; index: number } | { kind: 'remote'; index: number };

/** A value the person gives: a variable, a header, an argument without a fixed value. */
export interface Question {
  /** Unique within the server: the variable's name, `header:Name`, `arg:hint`, `url:var`. */
  key: string;
  label: string;
  description?: string;
  secret: boolean;
  required: boolean;
  default?: string;
  choices?: string[];
  format?: string;
}

/**
 * How a secret is written: `value` (a server tried, kept in memory only), `input` (a
 * `${input:id}` the client asks for and keeps: VS Code, mcpdeck), `env` (a `${VAR}` read
 * from the client's environment: every other client).
 */
export type SecretStyle = 'value' | 'input' | 'env';

export interface LaunchPlan {
  /** An mcpdeck entry: `{ command, args, env }` or `{ type, url, headers }`. */
  entry: Record<string, unknown>;
  /** The program that must be on PATH (`npx`, `uvx`, `docker`, `dnx`); none for a remote. */
  runtime?: string;
  /** The argument that pins the version (`pkg@1.2.3`), for `update`. */
  pin?: string;
  /** `${input:id}`s the entry uses, with how to ask for each. */
  inputs: { id: string; description: string; key: string }[];
  /** `${VAR}`s the client must have in its environment. */
  envRefs: string[];
}

/** An entry that mcpdeck will not build, and why (the message says what to do instead). */
export class PlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlanError';
  }
}

/** The program each kind of package runs with, as VS Code's gallery maps them. */
const RUNTIMES: Record<string, string> = { npm: 'npx', pypi: 'uvx', oci: 'docker', nuget: 'dnx' };
const DEFAULT_BASES: Record<string, string> = { npm: 'https://registry.npmjs.org', pypi: 'https://pypi.org', nuget: 'https://api.nuget.org/v3/index.json' };

/** Every way the server can run, in the order shown: packages, then remotes. */
export function choicesOf(server: RegistryServer): RegistryChoice[] {
  return [...server.packages.map((_, index) => ({ kind: 'package' as const, index })), ...server.remotes.map((_, index) => ({ kind: 'remote' as const, index }))];
}

/** The choice of a kind asked for (`npm`, `remote`, ...), or the first that can run. */
export function pickChoice(server: RegistryServer, want?: string): RegistryChoice {
  const all = choicesOf(server);
  const kindOf = (c: RegistryChoice) => (c.kind === 'remote' ? 'remote' : server.packages[c.index]!.registryType);
  const found = want ? all.find((c) => kindOf(c) === want) : all.find((c) => c.kind === 'remote' || RUNTIMES[kindOf(c)]) ?? all[0];
  if (!found) {
    const have = [...new Set(all.map(kindOf))].join(', ');
    throw new PlanError(want ? `${server.name} has no ${want} ${want === 'remote' ? 'server' : 'package'}${have ? `; it has: ${have}` : ''}` : `${server.name} publishes no package or remote to run`);
  }
  return found;
}

export const choiceKind = (server: RegistryServer, choice: RegistryChoice) => (choice.kind === 'remote' ? 'remote' : server.packages[choice.index]!.registryType);

/** What must be asked before the entry can be written: required values with nothing fixed or default, then the optional ones. */
export function questionsFor(server: RegistryServer, choice: RegistryChoice): Question[] {
  const out: Question[] = [];
  const ask = (key: string, label: string, input: RegistryInput) => {
    if (input.value !== undefined) {
      for (const [name, variable] of Object.entries(input.variables)) if (input.value.includes(`{${name}}`)) ask(`${key}.${name}`, `${label} {${name}}`, variable);
      return;
    }
    out.push({ key, label, description: input.description, secret: input.isSecret, required: input.isRequired, default: input.default, choices: input.choices, format: input.format });
  };
  if (choice.kind === 'remote') {
    const remote = server.remotes[choice.index]!;
    for (const name of templateNames(remote.url)) ask(`url:${name}`, `{${name}} in the URL`, remote.variables[name] ?? { isRequired: true, isSecret: false, variables: {} });
    for (const header of remote.headers) ask(`header:${header.name}`, `header ${header.name}`, header);
    return out;
  }
  const pkg = server.packages[choice.index]!;
  for (const arg of [...pkg.runtimeArguments, ...pkg.packageArguments]) ask(argKey(arg), argLabel(arg), arg);
  for (const variable of pkg.environmentVariables) ask(variable.name, variable.name, variable);
  return out;
}

const argKey = (arg: RegistryArgument) => `arg:${arg.name ?? arg.valueHint ?? 'value'}`;
const argLabel = (arg: RegistryArgument) => (arg.type === 'named' ? `argument ${arg.name}` : `argument ${arg.valueHint ?? ''}`.trim());
const templateNames = (url: string) => [...new Set([...url.matchAll(/\{([A-Za-z0-9_.-]+)\}/g)].map((m) => m[1]!))];

/** What a package name, a version, an image reference, a variable and a header name may be: anything else is refused, not quoted. */
const SHAPES: Record<string, RegExp> = {
  npm: /^(@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i,
  pypi: /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?(\[[A-Za-z0-9,._-]+\])?$/,
  nuget: /^[A-Za-z0-9_][A-Za-z0-9._-]*$/,
  oci: /^[a-z0-9][a-z0-9._\/:@-]*$/i,
  version: /^[A-Za-z0-9][A-Za-z0-9.+_-]*$/,
  variable: /^[A-Za-z_][A-Za-z0-9_]*$/,
  header: /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
};
/** Variables that change what a program loads or runs: a registry entry may not set them. */
const HIJACKS = /^(LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_.*|NODE_OPTIONS|NODE_PATH|PATH|PYTHONPATH|PYTHONSTARTUP|PYTHONHOME|PERL5OPT|PERL5LIB|RUBYOPT|BASH_ENV|ENV|JAVA_TOOL_OPTIONS|DOTNET_STARTUP_HOOKS|GIT_SSH_COMMAND)$/;

/** Text from the registry that a client would read as a variable of the person's environment (`${HOME}`, `$AWS_KEY`). */
const READS_ENVIRONMENT = /\$(\{|[A-Za-z_])/;

/**
 * The entry for one choice, given the person's answers (by question key). Registry text
 * that would read the person's environment when a client expands it is refused; every
 * argument stays one argument.
 */
export function planLaunch(server: RegistryServer, choice: RegistryChoice, answers: Record<string, string>, style: SecretStyle): LaunchPlan {
  const slug = server.name.split('/').pop()!.replace(/[^A-Za-z0-9_-]/g, '-');
  const inputs: LaunchPlan['inputs'] = [];
  const envRefs: string[] = [];
  const secretRef = (key: string, input: RegistryInput, envName?: string): string => {
    if (style === 'input') {
      const id = `${slug}-${key.replace(/[^A-Za-z0-9_.-]/g, '-')}`;
      if (!inputs.some((i) => i.id === id)) inputs.push({ id, description: input.description ?? key, key });
      return `\${input:${id}}`;
    }
    const name = envName ?? `${slug}_${key}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
    if (!envRefs.includes(name)) envRefs.push(name);
    return `\${${name}}`;
  };
  const literal = (text: string, where: string) => {
    if (READS_ENVIRONMENT.test(text)) throw new PlanError(`${server.name}'s ${where} holds "${text.slice(0, 60)}", which a client would fill from your environment; mcpdeck does not write it`);
    return text;
  };
  const shaped = (text: string, shape: string, what: string) => {
    if (!SHAPES[shape]!.test(text)) throw new PlanError(`${server.name}'s ${what} "${text.slice(0, 60)}" is not a valid ${what}; mcpdeck does not run it`);
    return text;
  };
  /** One value: fixed (with its `{variables}` filled), answered, or its default; undefined when none. */
  const valueOf = (key: string, label: string, input: RegistryInput, envName?: string): string | undefined => {
    if (input.value !== undefined) {
      const fixed = literal(input.value, label);
      return fixed.replace(/\{([A-Za-z0-9_.-]+)\}/g, (whole, name: string) => {
        const variable = input.variables[name];
        return variable ? valueOf(`${key}.${name}`, `${label} {${name}}`, variable) ?? whole : whole;
      });
    }
    // Keys come from registry text (`constructor`): only the answers' own.
    const answer = Object.hasOwn(answers, key) ? answers[key] : undefined;
    const given = answer ?? input.default;
    // A secret written to a file is a reference the client fills: required, it is written whether or not it was typed here.
    if (input.isSecret && style !== 'value' && (input.isRequired || answer)) return secretRef(key, input, envName);
    if (given === undefined || given === '') {
      if (input.isRequired) throw new PlanError(`${server.name} needs a value for ${label}${input.description ? ` (${input.description.slice(0, 80)})` : ''}`);
      return undefined;
    }
    if (input.isSecret && style !== 'value') return secretRef(key, input, envName);
    return answer !== undefined ? given : literal(given, `${label} default`);
  };

  if (choice.kind === 'remote') return remotePlan(server.remotes[choice.index]!, valueOf, inputs, envRefs, literal);
  const pkg = server.packages[choice.index]!;
  const runtime = RUNTIMES[pkg.registryType];
  if (!runtime) {
    throw new PlanError(pkg.registryType === 'mcpb'
      ? `${server.name}'s MCP Bundle (.mcpb) is a file a client such as Claude Desktop downloads and opens; mcpdeck does not install bundles: choose another package or a remote`
      : `${server.name}'s ${pkg.registryType} package is of a kind mcpdeck cannot run; choose another package or a remote`);
  }
  if (pkg.transport.type !== 'stdio') throw new PlanError(`${server.name}'s ${pkg.registryType} package serves ${pkg.transport.type} once started; mcpdeck runs packages over stdio only: choose a remote or a stdio package`);
  const args = (list: RegistryArgument[]) => list.flatMap((arg) => {
    const value = valueOf(argKey(arg), argLabel(arg), arg);
    if (arg.type === 'named') return value === undefined ? (arg.isRequired ? [literal(arg.name!, 'argument')] : []) : [literal(arg.name!, 'argument'), value];
    return value === undefined ? [] : [value];
  });
  const env: Record<string, string> = {};
  for (const variable of pkg.environmentVariables) {
    shaped(variable.name, 'variable', 'environment variable name');
    if (HIJACKS.test(variable.name)) throw new PlanError(`${server.name} sets ${variable.name}, which changes what programs load or run; mcpdeck does not install or run it`);
    const value = valueOf(variable.name, variable.name, variable, variable.name);
    if (value !== undefined) env[variable.name] = value;
  }
  const id = shaped(pkg.identifier, pkg.registryType, `${pkg.registryType} package name`);
  const version = pkg.version ? shaped(pkg.version, 'version', 'package version') : undefined;
  const base = pkg.registryBaseUrl && pkg.registryBaseUrl !== DEFAULT_BASES[pkg.registryType] ? literal(pkg.registryBaseUrl, 'package registry URL') : undefined;
  const runtimeArgs = args(pkg.runtimeArguments);
  const packageArgs = args(pkg.packageArguments);
  const pin = pinOf(pkg.registryType, id, version);
  let command: string[];
  switch (pkg.registryType) {
    case 'npm':
      command = [...(runtimeArgs.some((a) => a === '-y' || a === '--yes') ? runtimeArgs : ['-y', ...runtimeArgs]), ...(base ? ['--registry', base] : []), pin, ...packageArgs];
      break;
    case 'pypi':
      command = [...runtimeArgs, ...(base ? ['--index-url', base] : []), pin, ...packageArgs];
      break;
    case 'nuget':
      command = [pin, '--yes', ...(base ? ['--add-source', base] : []), ...runtimeArgs, ...(packageArgs.length ? ['--', ...packageArgs] : [])];
      break;
    default:
      // The container gets each variable by name (`-e NAME`): its value stays in the entry's env, never on the command line.
      command = ['run', '-i', '--rm', ...runtimeArgs, ...Object.keys(env).flatMap((name) => ['-e', name]), pin, ...packageArgs];
  }
  return { entry: { command: runtime, args: command, ...(Object.keys(env).length && { env }) }, runtime, pin, inputs, envRefs };
}

/** The argument that names the package and its version: `pkg@1.2.3`, `pkg==1.2.3`, or the image reference. */
export function pinOf(kind: string, identifier: string, version: string | undefined): string {
  if (!version || kind === 'oci') return identifier;
  return kind === 'pypi' ? `${identifier}==${version}` : `${identifier}@${version}`;
}

function remotePlan(
  remote: RegistryRemote,
  valueOf: (key: string, label: string, input: RegistryInput) => string | undefined,
  inputs: LaunchPlan['inputs'],
  envRefs: string[],
  literal: (text: string, where: string) => string,
): LaunchPlan {
  const url = literal(remote.url, 'remote URL').replace(/\{([A-Za-z0-9_.-]+)\}/g, (_whole, name: string) => {
    const value = valueOf(`url:${name}`, `{${name}} in the URL`, remote.variables[name] ?? { isRequired: true, isSecret: false, variables: {} });
    // A secret's `${...}` reference is filled by the client: it stays as written.
    // A secret's `${...}` reference is filled by the client, and a value not given yet (`show`) stays `{name}`.
    return value !== undefined && (/^\$\{[^}]+\}$/.test(value) || value === `{${name}}`) ? value : encodeURIComponent(value ?? '');
  });
  if (!/^https?:\/\//i.test(url) || /[\s\x00-\x1f\x7f-\x9f]/.test(url)) throw new PlanError(`the remote's URL is not a usable http(s) URL: ${url.slice(0, 80)}`);
  const headers: Record<string, string> = {};
  for (const header of remote.headers as RegistryKeyValue[]) {
    if (!SHAPES.header!.test(header.name)) throw new PlanError(`the remote's header name "${header.name.slice(0, 60)}" is not a valid header name`);
    const value = valueOf(`header:${header.name}`, `header ${header.name}`, header);
    if (value !== undefined && /[\r\n\0]/.test(value)) throw new PlanError(`the remote's header ${header.name} holds a line break; mcpdeck does not send it`);
    if (value !== undefined) headers[header.name] = value;
  }
  const type = remote.type === 'sse' ? 'sse' : 'http';
  return { entry: { type, url, ...(Object.keys(headers).length && { headers }) }, inputs, envRefs };
}
