// The completion scripts of bash, zsh and fish, written from a CommandSpec (completion-spec.ts):
// subcommands, flags with their descriptions where the shell shows them, the accepted words of each
// filter and choice, and folders where a folder is expected.
import type { CommandSpec, Completion, OptionSpec, Shell } from './completion-spec.js';

/** Every command with its path of names: [['wallpaper'], spec], [['wallpaper', 'config'], spec]... */
function walk(spec: CommandSpec, path: string[] = [spec.name]): [string[], CommandSpec][] {
  return [[path, spec], ...spec.commands.flatMap((sub) => walk(sub, [...path, sub.name]))];
}

const flagsOf = (option: OptionSpec): string[] => (option.short ? [option.long, option.short] : [option.long]);
/** Single-quoted for a POSIX shell or fish. */
const quote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function bash(spec: CommandSpec): string {
  const commands = walk(spec);
  const lines: string[] = [];
  const transitions = commands.flatMap(([path, command]) => command.commands.map((sub) => `"${path.join(' ')} ${sub.name}"`));
  const valued = commands.flatMap(([path, command]) =>
    command.options
      .filter((option) => option.value !== 'none')
      .flatMap((option) => flagsOf(option).map((flag) => `"${path.join(' ')}:${flag}"`)),
  );
  const wordsFor = (value: Completion, cur = '"$cur"') =>
    value === 'folder'
      ? `mapfile -t COMPREPLY < <(compgen -d -- ${cur})`
      : value === 'any' || value === 'none'
        ? 'COMPREPLY=()'
        : `mapfile -t COMPREPLY < <(compgen -W ${quote(value.join(' '))} -- ${cur})`;
  lines.push(
    '# bash completion for wallpaper: `source <(wallpaper completion bash)`, or save it as',
    '# ~/.local/share/bash-completion/completions/wallpaper',
    '_wallpaper() {',
    `  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}`,
    '  local path=wallpaper i',
    '  for ((i = 1; i < COMP_CWORD; i++)); do',
    `    case "$path \${COMP_WORDS[i]}" in`,
    `      ${transitions.join('|') || '""'}) path="$path \${COMP_WORDS[i]}"; continue ;;`,
    '    esac',
    `    case "$path:\${COMP_WORDS[i]}" in`,
    `      ${valued.join('|') || '""'}) ((i++)) ;;`,
    '    esac',
    '  done',
    '  case "$path:$prev" in',
  );
  for (const [path, command] of commands) {
    for (const option of command.options.filter((o) => o.value !== 'none')) {
      lines.push(
        `    ${flagsOf(option)
          .map((flag) => `"${path.join(' ')}:${flag}"`)
          .join('|')}) ${wordsFor(option.value)}; return ;;`,
      );
    }
  }
  lines.push('  esac', '  case "$path" in');
  for (const [path, command] of commands) {
    const flags = command.options.flatMap(flagsOf);
    const words = [...command.commands.map((sub) => sub.name)];
    const args = command.args;
    const rest = Array.isArray(args) ? [...words, ...(args as string[])] : words;
    const positional = args === 'folder' ? wordsFor('folder') : wordsFor(rest);
    lines.push(`    "${path.join(' ')}")`, `      if [[ $cur == -* ]]; then ${wordsFor(flags)}; else ${positional}; fi ;;`);
  }
  lines.push('  esac', '}', 'complete -o filenames -F _wallpaper wallpaper', '');
  return lines.join('\n');
}

/** zsh's _arguments specs: `--flag[description]:value:(a b)`; brackets and colons escaped. */
function zshEscape(text: string): string {
  return oneLine(text).replace(/([[\]:\\'])/g, (c) => (c === "'" ? `'\\''` : `\\${c}`));
}

function zshAction(value: Completion): string {
  if (value === 'folder') return ':folder:_files -/';
  if (value === 'any') return ':value: ';
  if (value === 'none') return '';
  return `:value:(${value.map((word) => zshEscape(word).replace(/ /g, '\\ ')).join(' ')})`;
}

function zsh(spec: CommandSpec): string {
  const lines = ['#compdef wallpaper', '# zsh completion for wallpaper: save as _wallpaper in a folder of $fpath', ''];
  for (const [path, command] of walk(spec)) {
    const name = `_${path.join('_').replace(/-/g, '_')}`;
    const specs = command.options.map((option) => {
      const body = `[${zshEscape(option.description)}]${zshAction(option.value)}`;
      return option.short ? `'(${option.short} ${option.long})'{${option.short},${option.long}}'${body}'` : `'${option.long}${body}'`;
    });
    lines.push(`${name}() {`, '  local curcontext="$curcontext" state line', '  typeset -A opt_args');
    if (command.commands.length > 0) {
      const described = command.commands.map((sub) => `    ${quote(`${sub.name}:${zshEscape(sub.description)}`)}`);
      lines.push(`  _arguments -C ${specs.join(' ')} '1: :->command' '*:: :->args'`, '  case $state in', '    command)');
      lines.push(
        '      local -a commands=(',
        ...described.map((line) => `    ${line}`),
        '      )',
        "      _describe 'command' commands ;;",
      );
      lines.push('    args)', '      case $words[1] in');
      for (const sub of command.commands) lines.push(`        ${sub.name}) ${name}_${sub.name.replace(/-/g, '_')} ;;`);
      lines.push('      esac ;;', '  esac', '}', '');
    } else {
      const args = command.args === 'none' ? '' : ` '*${zshAction(command.args) || ': '}'`;
      lines.push(`  _arguments ${specs.join(' ')}${args}`, '}', '');
    }
  }
  lines.push('_wallpaper "$@"', '');
  return lines.join('\n');
}

function fish(spec: CommandSpec): string {
  const lines = ['# fish completion for wallpaper: save as ~/.config/fish/completions/wallpaper.fish', 'complete -c wallpaper -f'];
  // The program's own flags are offered everywhere once, not again under every command.
  const global = new Set(spec.options.map((option) => option.long));
  for (const [path, command] of walk(spec)) {
    // The condition: exactly this command path has been typed (fish's __fish_seen_subcommand_from
    // does not tell `config` from `config get`).
    const depth = path.length - 1;
    const seen = path.slice(1);
    const here =
      depth === 0
        ? '__fish_use_subcommand'
        : `__fish_seen_subcommand_from ${seen.at(-1)}${command.commands.length ? `; and not __fish_seen_subcommand_from ${command.commands.map((sub) => sub.name).join(' ')}` : ''}${depth > 1 ? `; and __fish_seen_subcommand_from ${seen[0]}` : ''}`;
    const condition = depth === 0 ? '' : ` -n ${quote(here)}`;
    for (const sub of command.commands) {
      lines.push(`complete -c wallpaper -n ${quote(here)} -a ${sub.name} -d ${quote(oneLine(sub.description))}`);
    }
    for (const option of command.options.filter((option) => depth === 0 || !global.has(option.long))) {
      const short = option.short ? ` -s ${option.short.slice(1)}` : '';
      const value =
        option.value === 'none'
          ? ''
          : option.value === 'folder'
            ? ' -x -a "(__fish_complete_directories)"'
            : option.value === 'any'
              ? ' -x'
              : ` -x -a ${quote(option.value.join(' '))}`;
      const where = depth === 0 ? '' : condition;
      lines.push(`complete -c wallpaper${where} -l ${option.long.slice(2)}${short}${value} -d ${quote(oneLine(option.description))}`);
    }
    if (command.args === 'folder') lines.push(`complete -c wallpaper${condition} -x -a "(__fish_complete_directories)"`);
    else if (Array.isArray(command.args)) lines.push(`complete -c wallpaper${condition} -x -a ${quote(command.args.join(' '))}`);
  }
  return `${lines.join('\n')}\n`;
}

export function completionScript(shell: Shell, spec: CommandSpec): string {
  return { bash, zsh, fish }[shell](spec);
}
