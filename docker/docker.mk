# docker/docker.mk -- the container image (included by the Makefile).
#
#   make docker          build the image carcassonne-rules:latest with podman
#                        if installed, else docker
#   make docker-check    build it, then run the image's binary and ask it
#                        GET /healthz (podman mount + chroot: works where no
#                        container runtime can start, as in CI sandboxes)
#
# The base images must be reachable (a registry, or imported locally:
# docker/README.md says how to make them offline with debootstrap).

IMAGE          ?= carcassonne-rules:latest
CONTAINER_CLI  ?= $(shell command -v podman >/dev/null 2>&1 && echo podman || echo docker)
# podman: keep HEALTHCHECK/STOPSIGNAL (docker format) and build without a
# daemon; --pull=never uses the local base images.
ifeq ($(notdir $(CONTAINER_CLI)),podman)
DOCKER_BUILD_FLAGS ?= --format docker --pull=never --isolation=chroot --network=host
endif

.PHONY: docker docker-check docker-lb-check

docker:
	$(CONTAINER_CLI) build $(DOCKER_BUILD_FLAGS) -f docker/Dockerfile -t $(IMAGE) .

docker-check: docker
	docker/check-image.sh $(IMAGE)

docker-lb-check: $(BIN)
	@tools/install-deps.sh nginx-light
	docker/lb-check.sh $(BIN)
