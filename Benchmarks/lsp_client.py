"""Benchmarks/lsp_client.py: `flowlint lsp` over plain pipes, for the attack rows (lsp-attacks.py) and the edit
benchmark (lsp-edits.py). Standard library only.

A thread reads the server's output all the time (a server blocked on a full pipe would stop reading too), so the
client can send thousands of messages without waiting. The server's exit status and peak resident memory come from
wait4, which gives the rusage of exactly that process.
"""
import json
import os
import queue
import signal
import subprocess
import threading
import time


def frame(message):
    body = json.dumps(message, ensure_ascii=False).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self, binary, cwd, args=()):
        self.started = time.perf_counter()
        self.process = subprocess.Popen([binary, "lsp", *args], cwd=cwd, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox = queue.Queue()
        self.next_id = 100
        self.status = None
        self.peak_kb = None
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if not line.strip():
                    break
                name, _, value = line.decode().partition(":")
                if name.lower() == "content-length":
                    length = int(value)
            body = stream.read(length)
            if len(body) < length:
                self.inbox.put(None)
                return
            self.inbox.put((time.perf_counter(), json.loads(body)))

    def send_raw(self, data):
        """When the bytes were written, or None when the server no longer reads (it exited)."""
        try:
            self.process.stdin.write(data)
            self.process.stdin.flush()
            return time.perf_counter()
        except (BrokenPipeError, OSError):
            return None

    def send(self, message):
        return self.send_raw(frame(message))

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def send_request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait(self, accept, timeout):
        """The first message `accept` takes, as (arrival time, message); None after `timeout` seconds or when the
        server closed its output. Messages on the way are dropped; registrations are accepted."""
        deadline = time.perf_counter() + timeout
        while True:
            try:
                item = self.inbox.get(timeout=max(0.001, deadline - time.perf_counter()))
            except queue.Empty:
                return None
            if item is None:
                self.inbox.put(None)  # stays closed for later waits
                return None
            arrived, message = item
            if message.get("method") == "client/registerCapability":
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if accept(message):
                return arrived, message

    def request(self, method, params, timeout):
        """The response to a request, or None."""
        id = self.send_request(method, params)
        got = self.wait(lambda m: m.get("id") == id and ("result" in m or "error" in m), timeout)
        return got[1] if got else None

    def initialize(self, root, timeout=30, options=None):
        params = {"processId": os.getpid(), "rootUri": "file://" + root,
                  "capabilities": {"general": {"positionEncodings": ["utf-16"]}}}
        if options:
            params["initializationOptions"] = options
        answer = self.request("initialize", params, timeout)
        self.notify("initialized", {})
        return answer

    def diagnostics(self, uri, timeout, version=None):
        """The next publishDiagnostics for `uri` (of `version`, if given), or None."""
        got = self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
                        and (version is None or m["params"].get("version") == version), timeout)
        return got[1]["params"]["diagnostics"] if got else None

    def end(self, timeout, shutdown=True):
        """Shutdown (if asked) and exit, then waits up to `timeout` seconds for the process, killing it after that.
        Sets `status` (an exit code, or "killed") and `peak_kb`, and returns the status."""
        if shutdown:
            self.send_request("shutdown", None)
        self.notify("exit", None)
        self.close_input()
        return self.reap(timeout)

    def reap(self, timeout):
        deadline = time.perf_counter() + timeout
        while True:
            pid, status, usage = os.wait4(self.process.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                self.process.send_signal(signal.SIGKILL)
                pid, status, usage = os.wait4(self.process.pid, 0)
                break
            time.sleep(0.002)
        self.ended = time.perf_counter()
        self.process.returncode = os.waitstatus_to_exitcode(status)  # so Popen does not wait for it again
        code = self.process.returncode
        self.status = "killed" if code == -signal.SIGKILL else ("signal %d" % -code if code < 0 else code)
        self.peak_kb = usage.ru_maxrss
        self.close_input()
        return self.status

    def close_input(self):
        try:
            self.process.stdin.close()
        except OSError:
            pass

    def seconds(self):
        return self.ended - self.started
