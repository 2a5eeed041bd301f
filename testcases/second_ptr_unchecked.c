// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: second pointer without access_ok() inside a region
 * check-description: As second_ptr_access_ok but without the access_ok(): the iovec pointer loaded from kmsg->iov is not covered by the region's begin on umsg, so the read is unchecked.
 * check-level: 0
 *
 * check-output-start
second_ptr_unchecked.c:44:17: warning: unsafe_get_user() on 'uiov' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
second_ptr_unchecked.c:37:14: note: this check validates a different pointer
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_iov_nc {
	void __user *base;
	u64 len;
};

struct uc_msghdr_nc {
	struct uc_iov_nc __user *iov;
	u64 iovlen;
};

struct uc_msg_nc {
	struct uc_iov_nc __user *iov;
	u64 iovlen;
	u64 len;
};

int copy_msghdr_nc(struct uc_msg_nc *kmsg, const struct uc_msghdr_nc __user *umsg);
int copy_msghdr_nc(struct uc_msg_nc *kmsg, const struct uc_msghdr_nc __user *umsg)
{
	if (!user_read_access_begin(umsg, sizeof(*umsg)))
		return -EFAULT;
	unsafe_get_user(kmsg->iov, &umsg->iov, efault);
	unsafe_get_user(kmsg->iovlen, &umsg->iovlen, efault);
	if (kmsg->iovlen == 1) {
		struct uc_iov_nc __user *uiov = kmsg->iov;

		unsafe_get_user(kmsg->len, &uiov->len, efault);
	}
	user_read_access_end();
	return 0;
efault:
	user_read_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(copy_msghdr_nc);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: second pointer without access_ok() inside a region");
