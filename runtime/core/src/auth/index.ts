// Authentication: JwtModule, JwtService, JwtAuthGuard, Public. Filled in by the authentication work.
export {};
