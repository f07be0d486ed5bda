# negative: insmod warn_on_load=1 makes the module WARN -> panic_on_warn (122)
true
