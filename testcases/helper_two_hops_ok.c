// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: check two calls up
 * check-description: The do_epoll_wait() -> ep_deliver_event() -> epoll_put_uevent() shape: the region is opened two static calls above the store and covers the whole event, so it is proven.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_ev {
	u32 events;
	u32 pad;
	u64 data;
};

struct deliver_args {
	struct uc_ev __user *events;
	u32 mask;
	u64 cookie;
};

static __always_inline int put_uevent(struct uc_ev __user *uev, u32 mask, u64 cookie)
{
	unsafe_put_user(mask, &uev->events, efault);
	unsafe_put_user(cookie, &uev->data, efault);
	return 0;
efault:
	return -EFAULT;
}

static __always_inline int deliver_event(struct uc_ev __user *uev, u32 mask, u64 cookie)
{
	if (!mask)
		return 0;
	return put_uevent(uev, mask, cookie);
}

int wait_one(struct deliver_args *args);
int wait_one(struct deliver_args *args)
{
	struct uc_ev __user *uev = args->events;
	int err;

	if (!user_write_access_begin(uev, sizeof(*uev)))
		return -EFAULT;
	err = deliver_event(uev, args->mask, args->cookie);
	user_write_access_end();
	return err;
}
EXPORT_SYMBOL_GPL(wait_one);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: check two calls up");
