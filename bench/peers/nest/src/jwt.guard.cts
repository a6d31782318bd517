import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { jwtVerify } from 'jose';
import { jwtKey } from './common.cjs';

/** A bearer guard as a NestJS app would write it: HS256 with jose; works on Express and Fastify. */
@Injectable()
export class JwtGuard implements CanActivate {
  async canActivate(context: ExecutionContext): Promise<boolean> {
    const header: string | undefined = context.switchToHttp().getRequest().headers.authorization;
    if (!header?.startsWith('Bearer ')) return false;
    return jwtVerify(header.slice(7), await jwtKey, { algorithms: ['HS256'] }).then(() => true, () => false);
  }
}
