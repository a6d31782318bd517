// The jose functions the JWT layer calls, in one module that is imported on first need (`loadJose`):
// an application without `JwtModule` never loads jose. Subpaths, not jose's index, which loads
// every JWE and JWK helper.
export { SignJWT } from 'jose/jwt/sign';
export { jwtVerify } from 'jose/jwt/verify';
export { importJWK, importPKCS8, importSPKI, importX509 } from 'jose/key/import';
export { createRemoteJWKSet, customFetch } from 'jose/jwks/remote';
