// Windows: PowerShell calls user32's SystemParametersInfo(SPI_SETDESKWALLPAPER), saving the choice
// and telling every window (SPIF_UPDATEINIFILE | SPIF_SENDCHANGE).
import { runTool } from './run.js';
import { toolOf, type SetContext, type Setter } from './types.js';

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
    // -EncodedCommand (base64 of UTF-16LE) rather than -Command: Windows PowerShell 5.1 re-parses a
    // -Command argument and drops embedded double quotes, while base64 survives any command line.
    const encoded = Buffer.from(POWERSHELL_SCRIPT, 'utf16le').toString('base64');
    await runTool(toolOf(context, 'powershell'), ['-NoProfile', '-NonInteractive', '-EncodedCommand', encoded], {
      ...context,
      env: { ...context.env, [FILE_VARIABLE]: file },
    });
  },
};
