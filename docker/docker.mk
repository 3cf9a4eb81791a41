# docker/docker.mk -- the container image (included by the Makefile).
#
#   make docker          build the image carcassonne-rules:latest (podman,
#                        installed when missing; CONTAINER_CLI=docker to use
#                        a Docker engine instead)
#   make docker-check    build it, then run the image's binary and ask it
#                        GET /healthz, run its HEALTHCHECK, stop it with
#                        SIGTERM (podman mount + chroot: works where no
#                        container runtime can start, as in CI sandboxes)
#   make docker-lb-check the compose topology with local processes: three
#                        replicas behind nginx running docker/nginx.conf;
#                        round robin reaches all, one stopped loses nothing
#   make docker-base     the base images debian:bookworm(-slim) for podman,
#                        made with debootstrap when no registry serves them
#                        (rootfs in /var/tmp, outside the repository; the
#                        slim one trimmed like the registry's by
#                        docker/slim-rootfs.sh). DOCKER_BASE_FROM=DIR imports
#                        an existing bookworm minbase root (copied, never
#                        modified) instead of running debootstrap

IMAGE          ?= carcassonne-rules:latest
CONTAINER_CLI  ?= podman
DOCKER_ROOTFS  ?= /var/tmp/carcassonne-bookworm-rootfs
DOCKER_BASE_FROM ?=
# podman: keep HEALTHCHECK/STOPSIGNAL (docker format), build without a
# daemon, and use the local base images.
ifeq ($(notdir $(CONTAINER_CLI)),podman)
DOCKER_BUILD_FLAGS ?= --format docker --pull=never --isolation=chroot --network=host
DOCKER_BASE := docker-base
endif

.PHONY: docker docker-check docker-lb-check docker-base

docker: $(DOCKER_BASE)
	$(CONTAINER_CLI) build $(DOCKER_BUILD_FLAGS) -f docker/Dockerfile -t $(IMAGE) .

docker-base:
	@tools/install-deps.sh podman debootstrap
	@if podman image exists debian:bookworm-slim && podman image exists debian:bookworm; then \
	  echo "docker-base: debian:bookworm and debian:bookworm-slim present"; \
	else \
	  rm -rf $(DOCKER_ROOTFS) && \
	  if [ -n "$(DOCKER_BASE_FROM)" ]; then cp -a $(DOCKER_BASE_FROM) $(DOCKER_ROOTFS); \
	  else debootstrap --variant=minbase bookworm $(DOCKER_ROOTFS) http://deb.debian.org/debian; fi && \
	  tar -C $(DOCKER_ROOTFS) -c . | podman import - debian:bookworm && \
	  docker/slim-rootfs.sh $(DOCKER_ROOTFS) && \
	  tar -C $(DOCKER_ROOTFS) -c . | podman import - debian:bookworm-slim && \
	  rm -rf $(DOCKER_ROOTFS); \
	fi

docker-check: docker
	@tools/install-deps.sh curl
	docker/check-image.sh $(IMAGE)

docker-lb-check: $(BIN)
	@tools/install-deps.sh nginx-light
	docker/lb-check.sh $(BIN)
