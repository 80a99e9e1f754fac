import type { CompletionTree, FlagValues } from './completion-tree.js';

function caseArms(tree: CompletionTree, indent: string): string {
  return [...tree].map(([path, words]) => `${indent}"${path}") echo "${words.join(' ')}" ;;`).join('\n');
}

/**
 * Bash and zsh share one approach: walk the words typed so far, extend the command path
 * while it names a known command, then offer what may follow that path.
 */
/**
 * Bash: the value words after a flag; names come from `medsched __complete KIND TYPED` (local
 * files only, no request), already matched accents and case aside, so they are offered as they are.
 */
function bashValueArms(values: FlagValues): string {
  return [...values]
    .map(([flag, value]) =>
      Array.isArray(value)
        ? `    ${flag}) COMPREPLY=($(compgen -W "${value.join(' ')}" -- "$cur")); return ;;`
        : `    ${flag}) local IFS=$'\\n' name; COMPREPLY=(); for name in $(medsched __complete ${value.dynamic} "$cur" 2>/dev/null); do COMPREPLY+=("$(printf '%q' "$name")"); done; return ;;`,
    )
    .join('\n');
}

export function bashScript(tree: CompletionTree, values: FlagValues = new Map()): string {
  return `# medsched bash completion: add to ~/.bashrc
#   source <(medsched completion bash)
_medsched_words() {
  case "$1" in
${caseArms(tree, '    ')}
  esac
}
_medsched() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" cmdpath="" i word
  case "$prev" in
${bashValueArms(values)}
  esac
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    local next="\${cmdpath:+$cmdpath }$word"
    [[ -n "$(_medsched_words "$next")" ]] && cmdpath="$next"
  done
  COMPREPLY=($(compgen -W "$(_medsched_words "$cmdpath")" -- "$cur"))
}
complete -o default -F _medsched medsched
`;
}

export function zshScript(tree: CompletionTree, values: FlagValues = new Map()): string {
  const arms = [...values]
    .map(([flag, value]) =>
      Array.isArray(value)
        ? `    ${flag}) compadd -- ${value.join(' ')}; return ;;`
        : `    ${flag}) compadd -U -- \${(f)"$(medsched __complete ${value.dynamic} "\${words[CURRENT]}" 2>/dev/null)"}; return ;;`,
    )
    .join('\n');
  return `#compdef medsched
# medsched zsh completion: add to ~/.zshrc
#   source <(medsched completion zsh)
_medsched_words() {
  case "$1" in
${caseArms(tree, '    ')}
  esac
}
_medsched() {
  local cmdpath="" word next i
  case "\${words[CURRENT-1]}" in
${arms}
  esac
  for ((i = 2; i < CURRENT; i++)); do
    word="\${words[i]}"
    [[ "$word" == -* ]] && continue
    next="\${cmdpath:+$cmdpath }$word"
    [[ -n "$(_medsched_words "$next")" ]] && cmdpath="$next"
  done
  compadd -- \${=$(_medsched_words "$cmdpath")}
}
compdef _medsched medsched
`;
}

export function fishScript(tree: CompletionTree, values: FlagValues = new Map()): string {
  const lines = ['# medsched fish completion: save as ~/.config/fish/completions/medsched.fish', '#   medsched completion fish > ~/.config/fish/completions/medsched.fish', 'complete -c medsched -f'];
  for (const [path, words] of tree) {
    const condition = path === '' ? '__fish_use_subcommand' : `__fish_seen_subcommand_from ${path.split(' ').at(-1)}`;
    const subcommands = words.filter((word) => !word.startsWith('-'));
    const flags = words.filter((word) => word.startsWith('--')).map((flag) => flag.slice(2));
    if (subcommands.length > 0) lines.push(`complete -c medsched -n '${condition}' -a '${subcommands.join(' ')}'`);
    for (const flag of flags) lines.push(`complete -c medsched -n '${condition}' -l ${flag}`);
  }
  for (const [flag, value] of values) {
    lines.push(`complete -c medsched -l ${flag.slice(2)} -x -a ${Array.isArray(value) ? `'${value.join(' ')}'` : `'(medsched __complete ${value.dynamic} 2>/dev/null)'`}`);
  }
  return `${lines.join('\n')}\n`;
}
