# packaging/: generated CLI docs (man page + bash completion from the
# command table), make install / uninstall, DKMS.
#
#   make install   [PREFIX=/usr/local] [DESTDIR=] [LIBDIR=] [UDEVDIR=]
#                  module (modules_install), nvsched, libnvsched (.so, .a),
#                  headers, pkg-config file, man pages, bash completion, udev
#                  rule.  Installs what `make` built; never needs the network.
#   make uninstall the same paths, removed
#   make dkms-install  sources into $(DESTDIR)/usr/src/nvsched-VERSION, then
#                  dkms add/build/install (without DESTDIR)
VERSION := $(shell sed -n 's/^\#define NVSCHED_VERSION "\(.*\)"/\1/p' cli/nvsched.c)
PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
UDEVDIR ?= $(if $(filter /usr,$(PREFIX)),/usr/lib/udev/rules.d,$(PREFIX)/lib/udev/rules.d)
DKMSDIR ?= /usr/src/nvsched-$(VERSION)
INSTALL ?= install

CLI_DOCS := $(B)/share/man1/nvsched.1 $(B)/share/completion/nvsched
$(B)/share/man1/nvsched.1: $(B)/bin/nvsched docs/man/nvsched.1.in scripts/gen-cli-docs.sh
	$(Q)bash scripts/gen-cli-docs.sh $(B)/bin/nvsched $(B)/share
$(B)/share/completion/nvsched: $(B)/share/man1/nvsched.1
$(B)/nvsched.pc: packaging/nvsched.pc.in cli/nvsched.c packaging/packaging.mk
	$(Q)sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' $< > $@
ALL_TARGETS += $(CLI_DOCS)

MAN_PAGES := $(B)/share/man1/nvsched.1 docs/man/nvsched-rta.1 docs/man/nvsched-predict.1 \
	docs/man/nvsched-prio.1 \
	docs/man/nvsched.4 docs/man/libnvsched.3
INSTALLED := $(BINDIR)/nvsched $(LIBDIR)/libnvsched.so.1 $(LIBDIR)/libnvsched.so \
	$(LIBDIR)/libnvsched.a $(INCLUDEDIR)/nvsched/nvsched.h $(INCLUDEDIR)/nvsched/uapi/nvsched.h \
	$(LIBDIR)/pkgconfig/nvsched.pc $(COMPLETIONDIR)/nvsched $(UDEVDIR)/70-nvsched.rules \
	$(foreach m,$(MAN_PAGES),$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(notdir $(m)))

.PHONY: install install-user install-module uninstall dkms-source dkms-install
install: install-user install-module

# everything but the module; needs only what `make user` built
install-user: $(B)/nvsched.pc
	@for f in $(B)/bin/nvsched $(B)/lib/libnvsched.so.1 $(B)/lib/libnvsched.a $(CLI_DOCS); do \
		[ -e $$f ] || { echo "install: $$f missing: run 'make' first"; exit 1; }; done
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(INCLUDEDIR)/nvsched/uapi $(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(UDEVDIR)
	$(INSTALL) -m 0755 $(B)/bin/nvsched $(DESTDIR)$(BINDIR)/nvsched
	$(INSTALL) -m 0755 $(B)/lib/libnvsched.so.1 $(DESTDIR)$(LIBDIR)/libnvsched.so.1
	ln -sf libnvsched.so.1 $(DESTDIR)$(LIBDIR)/libnvsched.so
	$(INSTALL) -m 0644 $(B)/lib/libnvsched.a $(DESTDIR)$(LIBDIR)/libnvsched.a
	$(INSTALL) -m 0644 include/nvsched.h $(DESTDIR)$(INCLUDEDIR)/nvsched/nvsched.h
	$(INSTALL) -m 0644 include/uapi/nvsched.h $(DESTDIR)$(INCLUDEDIR)/nvsched/uapi/nvsched.h
	$(INSTALL) -m 0644 $(B)/nvsched.pc $(DESTDIR)$(LIBDIR)/pkgconfig/nvsched.pc
	$(INSTALL) -m 0644 $(B)/share/completion/nvsched $(DESTDIR)$(COMPLETIONDIR)/nvsched
	$(INSTALL) -m 0644 packaging/udev/70-nvsched.rules $(DESTDIR)$(UDEVDIR)/70-nvsched.rules
	@for m in $(MAN_PAGES); do s=$${m##*.}; \
		$(INSTALL) -d $(DESTDIR)$(MANDIR)/man$$s && \
		$(INSTALL) -m 0644 $$m $(DESTDIR)$(MANDIR)/man$$s/ || exit 1; done
	@if [ -z "$(DESTDIR)" ]; then ldconfig 2>/dev/null || true; \
		getent group nvsched >/dev/null || echo "install: note: create group nvsched (groupadd -r nvsched) for /dev/nvsched"; fi

install-module:
	@[ -f nvsched.ko ] || { echo "install: nvsched.ko missing: run 'make' first"; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) INSTALL_MOD_PATH=$(DESTDIR) INSTALL_MOD_DIR=updates \
		$(if $(DESTDIR),DEPMOD=true) modules_install

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(INCLUDEDIR)/nvsched/uapi $(DESTDIR)$(INCLUDEDIR)/nvsched 2>/dev/null
	@kver=$$(cat $(KDIR)/include/config/kernel.release 2>/dev/null); \
		[ -n "$$kver" ] && rm -f $(DESTDIR)/lib/modules/$$kver/updates/nvsched.ko* || true
	@[ -n "$(DESTDIR)" ] || depmod -a 2>/dev/null || true

# The tree DKMS builds: Kbuild + kmod/ + include/ + dkms.conf
dkms-source:
	$(INSTALL) -d $(DESTDIR)$(DKMSDIR)
	cp -r Kbuild kmod include $(DESTDIR)$(DKMSDIR)/
	sed 's/@VERSION@/$(VERSION)/' dkms.conf > $(DESTDIR)$(DKMSDIR)/dkms.conf

dkms-install: dkms-source
	@[ -z "$(DESTDIR)" ] || { echo "dkms-install: sources staged in $(DESTDIR)$(DKMSDIR); run dkms there"; exit 0; }; \
	command -v dkms >/dev/null || { echo "dkms-install: dkms not installed (apt-get install dkms)"; exit 1; }; \
	dkms add -m nvsched -v $(VERSION) && dkms build -m nvsched -v $(VERSION) && \
		dkms install -m nvsched -v $(VERSION)

# The GSP priority backend (docs/priority-gsp.md): the agent that
# `nvsched prio run` preloads (found at BINDIR/../lib/nvsched/, or
# $NVSCHED_AGENT) and the arbiter's systemd unit.
SYSTEMDDIR ?= $(if $(filter /usr,$(PREFIX)),/usr/lib/systemd/system,$(PREFIX)/lib/systemd/system)
INSTALLED += $(PREFIX)/lib/nvsched/libnvsched-agent.so $(SYSTEMDDIR)/nvsched-prio.service
.PHONY: install-agent
install-user: install-agent
install-agent:
	@[ -e $(B)/lib/libnvsched-agent.so ] || { echo "install: $(B)/lib/libnvsched-agent.so missing: run 'make' first"; exit 1; }
	$(INSTALL) -d $(DESTDIR)$(PREFIX)/lib/nvsched $(DESTDIR)$(SYSTEMDDIR)
	$(INSTALL) -m 0755 $(B)/lib/libnvsched-agent.so $(DESTDIR)$(PREFIX)/lib/nvsched/libnvsched-agent.so
	sed 's|@BINDIR@|$(BINDIR)|' packaging/systemd/nvsched-prio.service > $(DESTDIR)$(SYSTEMDDIR)/nvsched-prio.service
	chmod 0644 $(DESTDIR)$(SYSTEMDDIR)/nvsched-prio.service
