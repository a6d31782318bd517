// The throttlers an application declares (ThrottlerModule.forRoot's first argument).
declare const throttlers: Parameters<typeof import('@framework/core').ThrottlerModule.forRoot>[0];
