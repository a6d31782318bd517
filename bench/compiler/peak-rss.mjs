// Preloaded (node --import) into a measured process: writes its peak RSS in KB to $PEAK_RSS_FILE at exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => writeFileSync(process.env.PEAK_RSS_FILE, String(process.resourceUsage().maxRSS)));
