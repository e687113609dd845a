import { childText, descendants, parseXml, XmlError } from './xml.ts';

/** The service of an Internet Gateway Device that can add port mappings. */
export interface WanConnectionService {
  /** e.g. `urn:schemas-upnp-org:service:WANIPConnection:1` (used as the SOAPAction namespace). */
  serviceType: string;
  /** Absolute URL the SOAP calls go to. */
  controlUrl: string;
}

export class DescriptionError extends Error {}

const WAN_IP = /^urn:schemas-upnp-org:service:WANIPConnection:\d+$/;
const WAN_PPP = /^urn:schemas-upnp-org:service:WANPPPConnection:\d+$/;

/**
 * Finds the WANIPConnection service (or, failing that, WANPPPConnection) anywhere in the device
 * tree of a UPnP device description, and resolves its control URL against `URLBase` when the
 * description has one (UPnP 1.0) or else against the URL the description was fetched from.
 */
export function findWanConnectionService(
  xml: string,
  descriptionUrl: string,
): WanConnectionService {
  let root;
  try {
    root = parseXml(xml);
  } catch (err) {
    throw new DescriptionError(
      `The gateway's description is not valid XML (${err instanceof XmlError ? err.message : 'unreadable'})`,
    );
  }
  if (root.name !== 'root')
    throw new DescriptionError("The gateway's description is not a UPnP device description");
  const services = descendants(root, 'service').map((s) => ({
    serviceType: childText(s, 'serviceType') ?? '',
    controlPath: childText(s, 'controlURL') ?? '',
  }));
  const chosen =
    services.find((s) => WAN_IP.test(s.serviceType) && s.controlPath) ??
    services.find((s) => WAN_PPP.test(s.serviceType) && s.controlPath);
  if (!chosen)
    throw new DescriptionError('The gateway offers no WANIPConnection or WANPPPConnection service');
  const base = childText(root, 'URLBase') || descriptionUrl;
  let controlUrl: string;
  try {
    controlUrl = new URL(chosen.controlPath, base).toString();
  } catch {
    throw new DescriptionError(`The gateway's control URL is not valid: ${chosen.controlPath}`);
  }
  return { serviceType: chosen.serviceType, controlUrl };
}
