// Windows: PowerShell calls user32's SystemParametersInfo(SPI_SETDESKWALLPAPER), saving the choice
// and telling every window (SPIF_UPDATEINIFILE | SPIF_SENDCHANGE); per monitor, IDesktopWallpaper
// (windows-desktop.ts).
import { runTool } from '../tools/index.js';
import { toolOf, type SetContext, type Setter } from './types.js';
import { ASSIGNMENTS_VARIABLE, SET_EACH_SCRIPT, powershellArgs } from '../tools/index.js';

/** The variable the script reads the file from: the path never becomes PowerShell source text. */
export const FILE_VARIABLE = 'WALLPAPER_SETTER_FILE';

const SPI_SETDESKWALLPAPER = 20;
const SPIF_UPDATEINIFILE_SENDCHANGE = 3;

export const POWERSHELL_SCRIPT = [
  "$ErrorActionPreference = 'Stop'",
  'Add-Type -Namespace WallpaperSetter -Name Native -MemberDefinition \'[DllImport("user32.dll", CharSet = CharSet.Unicode, SetLastError = true)] public static extern bool SystemParametersInfo(uint uiAction, uint uiParam, string pvParam, uint fWinIni);\'',
  `if (-not [WallpaperSetter.Native]::SystemParametersInfo(${SPI_SETDESKWALLPAPER}, 0, $env:${FILE_VARIABLE}, ${SPIF_UPDATEINIFILE_SENDCHANGE})) {`,
  "  [Console]::Error.WriteLine('SystemParametersInfo failed: Win32 error ' + [Runtime.InteropServices.Marshal]::GetLastWin32Error())",
  '  exit 1',
  '}',
].join('\n');

export const windows: Setter = {
  name: 'windows',
  async set(file: string, context: SetContext): Promise<void> {
    await runTool(toolOf(context, 'powershell'), powershellArgs(POWERSHELL_SCRIPT), {
      ...context,
      env: { ...context.env, [FILE_VARIABLE]: file },
    });
  },
  async setEach(assignments, context): Promise<void> {
    const value = JSON.stringify(assignments.map(({ monitor, file }) => ({ monitor: monitor.name, file })));
    await runTool(toolOf(context, 'powershell'), powershellArgs(SET_EACH_SCRIPT), {
      ...context,
      env: { ...context.env, [ASSIGNMENTS_VARIABLE]: value },
    });
  },
};
