# soan serve in a container: browser play for friends (docs/web.md, "Hosting for friends").
#   docker build -t soan .
# Friends on your network: give this computer's LAN address (the container sees only its own bridge
# address, 172.17.x.x, which friends cannot reach); invitation links and the start-up line use it:
#   docker run -d --name soan -p 8000:8000 -v soan-data:/data -e SOAN_PUBLIC_URL=http://192.168.1.20:8000 soan
#   (find the address with `hostname -I` on Linux, `ipconfig getifaddr en0` on a Mac)
# Over the internet, behind a reverse proxy with HTTPS on the host:
#   docker run ... -p 127.0.0.1:8000:8000 -e SOAN_PUBLIC_URL=https://games.example.org soan --trusted-proxy 172.17.0.1
# The games live in /data/soan.sqlite (a volume); give --db postgresql+psycopg://... for PostgreSQL.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install ".[postgres]" && useradd --system --home /data soan && mkdir -p /data && chown soan /data

USER soan
VOLUME /data
EXPOSE 8000
# 0.0.0.0 inside the container; the port is published (or proxied) by the host
ENTRYPOINT ["soan", "serve", "--host", "0.0.0.0", "--port", "8000", "--db", "/data/soan.sqlite"]
CMD []
