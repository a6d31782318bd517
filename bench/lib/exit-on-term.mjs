// Preloaded (node --import) when profiling: exit cleanly on SIGTERM so --cpu-prof writes its file.
process.once('SIGTERM', () => process.exit(0));
