// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: second pointer with its own access_ok() inside a region
 * check-description: The io_uring/net.c shape: inside the region on umsg, the iovec pointer read from user memory into kmsg->iov gets its own access_ok() before it is read, so it is validated.
 * check-level: 0
 *
 * check-output-start
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_iov {
	void __user *base;
	u64 len;
};

struct uc_msghdr {
	struct uc_iov __user *iov;
	u64 iovlen;
};

struct uc_msg {
	struct uc_iov __user *iov;
	u64 iovlen;
	u64 len;
};

int copy_msghdr(struct uc_msg *kmsg, const struct uc_msghdr __user *umsg);
int copy_msghdr(struct uc_msg *kmsg, const struct uc_msghdr __user *umsg)
{
	if (!user_read_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(kmsg->iov, &umsg->iov, efault);
	unsafe_get_user(kmsg->iovlen, &umsg->iovlen, efault);
	if (kmsg->iovlen == 1) {
		struct uc_iov __user *uiov = kmsg->iov;

		if (!access_ok(uiov, sizeof(*uiov)))
			goto efault;
		unsafe_get_user(kmsg->len, &uiov->len, efault);
	}
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(copy_msghdr);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: second pointer with its own access_ok() inside a region");
