import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ListResourcesResultSchema,
  ListResourceTemplatesResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { listAllPages } from './listAllPages.js';
import { firstIssue } from './malformedAnswer.js';
import type { Listing, ListLimits } from './listAllPages.js';

/** What hintproof needs of a resource from `resources/list`. */
export interface ResourceInfo {
  readonly uri: string;
  readonly name: string;
  readonly mimeType?: string;
  /** What else the listing says of the resource, when it does: shown by the `resources/list` observer. */
  readonly title?: string;
  readonly description?: string;
  readonly size?: number;
}

/** What hintproof needs of a resource template from `resources/templates/list`. */
export interface ResourceTemplateInfo {
  /** An RFC 6570 URI template, e.g. `memo://items/{id}`. */
  readonly uriTemplate: string;
  readonly name: string;
  readonly mimeType?: string;
}

const RESOURCES: Listing<ResourceInfo> = {
  method: 'resources/list',
  noun: 'resources',
  page: (raw) => {
    const result = ListResourcesResultSchema.safeParse(raw);
    if (!result.success) return { problem: firstIssue(result.error.issues) };
    return {
      items: result.data.resources.map((resource) => ({
        uri: resource.uri,
        name: resource.name,
        ...(resource.mimeType === undefined ? {} : { mimeType: resource.mimeType }),
        ...(typeof resource.title === 'string' ? { title: resource.title } : {}),
        ...(resource.description === undefined ? {} : { description: resource.description }),
        ...(resource.size === undefined ? {} : { size: resource.size }),
      })),
      nextCursor: result.data.nextCursor,
    };
  },
};

/**
 * Lists every resource, following `nextCursor`, within one time budget and one size cap for all pages (see
 * `listAllPages`); every way it can fail is a SetupError that names what failed.
 */
export function listAllResources(client: Client, limits: ListLimits): Promise<ResourceInfo[]> {
  return listAllPages(client, RESOURCES, limits);
}

const TEMPLATES: Listing<ResourceTemplateInfo> = {
  method: 'resources/templates/list',
  noun: 'resource templates',
  page: (raw) => {
    const result = ListResourceTemplatesResultSchema.safeParse(raw);
    if (!result.success) return { problem: firstIssue(result.error.issues) };
    return {
      items: result.data.resourceTemplates.map((template) => ({
        uriTemplate: template.uriTemplate,
        name: template.name,
        ...(template.mimeType === undefined ? {} : { mimeType: template.mimeType }),
      })),
      nextCursor: result.data.nextCursor,
    };
  },
};

/** Lists every resource template, like `listAllResources`. */
export function listAllResourceTemplates(
  client: Client,
  limits: ListLimits,
): Promise<ResourceTemplateInfo[]> {
  return listAllPages(client, TEMPLATES, limits);
}
