// `wallpaper completion bash|zsh|fish`: print the shell's completion script, made from the program's
// own commands and flags (completion-spec.ts), so it never falls behind them.
import { Argument, Command } from 'commander';
import { completionScript } from './completion-scripts.js';
import { SHELLS, type Shell, specOf } from './completion-spec.js';
import type { CliContext } from './context.js';
import { helpFooter } from './help.js';

export function completionCommand(ctx: CliContext): Command {
  const command = new Command('completion')
    .description('print the completion script of bash, zsh or fish')
    .addArgument(new Argument('<shell>', 'bash, zsh or fish').choices(SHELLS));
  helpFooter(
    command,
    [
      'source <(wallpaper completion bash)    # in ~/.bashrc',
      'wallpaper completion zsh > ~/.zfunc/_wallpaper    # with fpath+=(~/.zfunc) in ~/.zshrc',
      'wallpaper completion fish > ~/.config/fish/completions/wallpaper.fish',
    ],
    [],
  );
  return command.action((shell: Shell, _options: unknown, command: Command) => {
    let root = command;
    while (root.parent) root = root.parent;
    ctx.stdout.write(completionScript(shell, specOf(root)));
  });
}
