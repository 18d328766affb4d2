export declare const MOSQUITTO: string;
export declare function hasMosquitto(): boolean;
export declare function startMosquitto(options?: { port?: number; timeoutMs?: number }): Promise<{
  url: string;
  port: number;
  stop(): Promise<void>;
}>;
