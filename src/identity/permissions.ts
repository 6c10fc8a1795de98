import { allow } from 'graphql-shield';

export const authPermissions = {
  Query: { health: allow },
  Mutation: { login: allow },
};
