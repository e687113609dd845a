import type { CoreConfig } from '../../config.ts';
import { external, internal } from '../../errors.ts';
import { outboundFetch, outboundText } from '../../lib/outbound-http.ts';
import {
  DescriptionError,
  findWanConnectionService,
  type WanConnectionService,
} from './igd-description.ts';
import { PORT_MAPPING_DESCRIPTION, type PortMapper } from './port-mapper.ts';
import { addPortMappingArgs, parseSoapFault, soapRequest } from './soap.ts';
import {
  discoverGateway,
  localIpv4Towards,
  SSDP_MULTICAST_ADDRESS,
  SSDP_PORT,
  type DiscoveredGateway,
} from './ssdp.ts';

/** The `gateway` block of CoreConfig: where to look for the Internet Gateway Device. */
export type GatewayConfig = NonNullable<CoreConfig['gateway']>;

export const DEFAULT_GATEWAY_TIMEOUT_MS = 3000;
/** Fault texts are the gateway's words; keep a misbehaving one from flooding the error. */
const MAX_FAULT_TEXT = 200;

/** A UPnP Internet Gateway Device client: SSDP discovery, device description, SOAP AddPortMapping. */
export class UpnpPortMapper implements PortMapper {
  private readonly ssdpAddress: string;
  private readonly ssdpPort: number;
  private readonly descriptionUrl: string | null;
  private readonly timeoutMs: number;

  constructor(config: GatewayConfig = {}) {
    this.ssdpAddress = config.ssdpAddress ?? SSDP_MULTICAST_ADDRESS;
    this.ssdpPort = config.ssdpPort ?? SSDP_PORT;
    this.descriptionUrl = config.descriptionUrl ?? null;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_GATEWAY_TIMEOUT_MS;
  }

  describe(): string {
    return this.descriptionUrl
      ? `UPnP gateway described at ${this.descriptionUrl}`
      : `UPnP gateway found by SSDP at ${this.ssdpAddress}:${this.ssdpPort}`;
  }

  async openPort(port: number, protocol: 'TCP'): Promise<void> {
    const gateway = await this.findGateway();
    if (!gateway) throw external('Could not find a UPnP gateway on this network');
    // The mapping must name the address the gateway can reach us on: the one our route to it uses.
    const localIp = await localIpv4Towards(gateway.address);
    if (!localIp) throw internal('Could not find local ip address');
    const service = await this.fetchService(gateway.location);

    const request = soapRequest(
      service.serviceType,
      'AddPortMapping',
      addPortMappingArgs({
        externalPort: port,
        protocol,
        internalPort: port,
        internalClient: localIp,
        description: PORT_MAPPING_DESCRIPTION,
        leaseDuration: 0,
      }),
    );
    let response: Response;
    let text: string;
    try {
      response = await outboundFetch({
        url: service.controlUrl,
        method: 'POST',
        headers: request.headers,
        body: request.body,
        timeoutMs: this.timeoutMs,
        anyStatus: true,
      });
      text = await response.text();
    } catch {
      throw external(`Could not reach the gateway at ${service.controlUrl}`);
    }
    if (response.ok) return;
    const fault = parseSoapFault(text);
    const reason =
      fault?.description ??
      (fault?.code != null ? `UPnP error ${fault.code}` : `HTTP ${response.status}`);
    throw external(`The gateway refused to open port ${port}: ${reason.slice(0, MAX_FAULT_TEXT)}`);
  }

  private async findGateway(): Promise<DiscoveredGateway | null> {
    if (this.descriptionUrl) {
      return { location: this.descriptionUrl, address: new URL(this.descriptionUrl).hostname };
    }
    return discoverGateway({
      address: this.ssdpAddress,
      port: this.ssdpPort,
      timeoutMs: this.timeoutMs,
    });
  }

  private async fetchService(location: string): Promise<WanConnectionService> {
    let xml: string;
    try {
      xml = await outboundText({ url: location, timeoutMs: this.timeoutMs });
    } catch {
      throw external(`Could not read the gateway's description at ${location}`);
    }
    try {
      return findWanConnectionService(xml, location);
    } catch (err) {
      if (err instanceof DescriptionError) throw external(err.message);
      throw err;
    }
  }
}
